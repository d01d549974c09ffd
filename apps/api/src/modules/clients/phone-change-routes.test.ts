import { describe, expect, it } from 'vitest';
import {
  clientData,
  expectProblem,
  lastMessage,
  linkSecretIn,
  logIn,
  signUpAndConfirm,
  verifyPhone,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import {
  askChange,
  auditOf,
  type ChangeCall,
  changeCodeTo,
  confirmChange,
  wrongCode,
} from './testing/contact-change-steps';

// Changing the log-in phone number (docs/security-settings.md, "The log-in e-mail and phone"):
// step-up, a code by SMS to the NEW number, the change on that code, a notice by e-mail.
describe('changing the log-in phone number', () => {
  const test = useTestApp({
    setUp: async ({ app }) => {
      await signUpAndConfirm(app, 'phone@example.test', { phone: '+447911000101' });
      await signUpAndConfirm(app, 'unverified@example.test', { phone: '+447911000102' });
      const business = await app.inject({
        method: 'POST',
        url: '/api/auth/signup/business',
        payload: {
          company_name: 'Engines Ltd',
          registration_number: '09876543',
          country: 'GB',
          contact_person: 'Charles Babbage',
          email: 'ops@engines.test',
          phone: '+447911000103',
          password: 'Strong-pass-1',
          password_confirmation: 'Strong-pass-1',
          accept_terms: true,
        },
      });
      expect(business.statusCode, business.body).toBe(202);
      const hash = linkSecretIn((await lastMessage(app, 'ops@engines.test')).text);
      await app.inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });
    },
  });
  const callOf = async (email: string, ip: string, phone?: string): Promise<ChangeCall> => {
    const session = await logIn(test.app, email);
    if (phone) await verifyPhone(test.app, session, phone);
    return { app: test.app, session, ip };
  };

  it('changes the number on the code sent to it by SMS, normalised, and tells the e-mail address', async () => {
    const call = await callOf('phone@example.test', '10.2.0.1', '+447911000101');
    const { id } = await clientData(test.app, call.session);
    const asked = await askChange(call, 'phone', '+44 7911 000 199', 'phone@example.test');
    expect(asked.statusCode, asked.body).toBe(202);
    const code = await changeCodeTo(test.app, '+447911000199');
    expectProblem(
      await confirmChange(call, 'phone', asked.json().data.challenge_id, wrongCode(code)),
      422,
      'sca_code_invalid',
    );
    // A phone change's code does not confirm an e-mail change.
    expectProblem(
      await confirmChange(call, 'email', asked.json().data.challenge_id, code),
      422,
      'sca_code_invalid',
    );

    const changed = await confirmChange(call, 'phone', asked.json().data.challenge_id, code);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ phone: '+447911000199', phone_verified: true });
    expect(await clientData(test.app, call.session)).toMatchObject({
      phone: '+447911000199',
      phone_verified: true,
    });
    const notice = await lastMessage(test.app, 'phone@example.test');
    expect(notice.subject).toMatch(/log-in phone number was changed/);
    expect(notice.text).toContain('+4•••••••0199');
    const done = await auditOf(test.db, 'client.phone_changed', id);
    expect(done.map((entry) => entry.details)).toEqual([{ from: '+4•••••••0101', to: '+4•••••••0199' }]);
    expect(await auditOf(test.db, 'client.phone_change_requested', id)).toHaveLength(1);
  });

  it('refuses a number the phone library rejects, the same number, and a phone never verified', async () => {
    const call = await callOf('unverified@example.test', '10.2.0.2');
    expectProblem(
      await askChange(call, 'phone', '+44 7911 000 198', 'unverified@example.test'),
      409,
      'phone_not_verified',
    );
    expectProblem(
      await askChange(call, 'phone', '07911 000198', 'unverified@example.test'),
      400,
      'validation_failed',
    );
    const verified = await callOf('phone@example.test', '10.2.0.3');
    const current = (await clientData(test.app, verified.session)).phone;
    expectProblem(
      await askChange(verified, 'phone', current, 'phone@example.test'),
      409,
      'contact_unchanged',
    );
  });

  it('lets a business client change its log-in phone and e-mail the same way', async () => {
    const call = await callOf('ops@engines.test', '10.2.0.4', '+447911000103');
    const phone = await askChange(call, 'phone', '+447911000104', 'ops@engines.test');
    const phoneCode = await changeCodeTo(test.app, '+447911000104');
    expect((await confirmChange(call, 'phone', phone.json().data.challenge_id, phoneCode)).statusCode).toBe(
      200,
    );
    const email = await askChange(call, 'email', 'desk@engines.test', 'ops@engines.test');
    const emailCode = await changeCodeTo(test.app, 'desk@engines.test');
    expect((await confirmChange(call, 'email', email.json().data.challenge_id, emailCode)).statusCode).toBe(
      200,
    );
    expect(await clientData(test.app, call.session)).toMatchObject({
      type: 'CORPORATE',
      email: 'desk@engines.test',
      phone: '+447911000104',
    });
  });
});
