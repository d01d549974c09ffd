import { describe, expect, it } from 'vitest';
import {
  codeIn,
  expectProblem,
  lastMessage,
  logIn,
  PASSWORD,
  type Session,
  signUpAndConfirm,
  stepUpProof,
  verifyPhone,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';

// SMS as a log-in factor (docs/requirements/onboarding.md): the client chooses e-mail or SMS codes,
// with the password asked again; the codes then go through the outbox to the verified phone.
describe('choosing how log-in codes arrive', () => {
  let session: Session;
  const phone = '+447911000077';
  const test = useTestApp({
    setUp: async ({ app }) => {
      await signUpAndConfirm(app, 'sms@example.test', { phone });
      await signUpAndConfirm(app, 'nophone@example.test', { phone: '+447911000078' });
      session = await logIn(app, 'sms@example.test');
    },
  });

  // Every change needs step-up: the password and a code by the current channel (e-mail here).
  const choose = async (
    headers: Record<string, string>,
    payload: Record<string, unknown>,
    codeTo = 'sms@example.test',
  ) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/second_factor',
      headers,
      payload: {
        ...(headers.authorization
          ? await stepUpProof(test.app, session, 'second_factor', { to: codeTo })
          : {
              step_up_challenge_id: '00000000-0000-4000-8000-000000000000',
              step_up_code: '123456',
            }),
        ...payload,
      },
    });

  it('needs a verified phone for SMS codes and the right password', async () => {
    const early = await choose(session.headers, { factor: 'sms', current_password: PASSWORD });
    expectProblem(early, 409, 'phone_not_verified');
    await verifyPhone(test.app, session, phone);
    const wrong = await choose(session.headers, { factor: 'sms', current_password: 'Wrong-pass-1' });
    expectProblem(wrong, 422, 'current_password_incorrect');
    expect(wrong.json().detail).toBeTruthy();
    expectProblem(await choose(session.headers, { factor: 'totp', current_password: PASSWORD }), 400);
    expectProblem(await choose({}, { factor: 'sms', current_password: PASSWORD }), 401);
  });

  it('sends log-in codes by SMS once chosen, and tells the e-mail address', async () => {
    const chosen = await choose(session.headers, { factor: 'sms', current_password: PASSWORD });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.second_factor).toBe('sms');
    expect((await lastMessage(test.app, 'sms@example.test')).subject).toMatch(/log-in codes changed/);
    const data = await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers });
    expect(data.json().data.second_factor).toBe('sms');

    const step1 = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sms@example.test', password: PASSWORD },
    });
    expect(step1.json().data.factor).toBe('sms');
    const sms = await lastMessage(test.app, phone);
    expect(sms.text).toMatch(/to log in/);
    const step2 = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge_id: step1.json().data.challenge_id, code: codeIn(sms.text) },
    });
    expect(step2.statusCode, step2.body).toBe(200);

    const back = await choose(session.headers, { factor: 'email', current_password: PASSWORD }, phone);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.second_factor).toBe('email');
    const audit = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action = 'client.second_factor_changed'`,
    );
    expect(audit).toHaveLength(2);
  });

  it('changes only the caller', async () => {
    const other = await logIn(test.app, 'nophone@example.test');
    const data = await test.app.inject({ method: 'GET', url: '/api/client/data', headers: other.headers });
    expect(data.json().data.second_factor).toBe('email');
  });
});
