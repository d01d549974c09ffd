import { describe, expect, it } from 'vitest';
import {
  clientData,
  codeIn,
  expectProblem,
  lastMessage,
  logIn,
  signUpAndConfirm,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';

// A new client who gave a wrong number at sign-up corrects it before verifying: the code goes to
// the new number, a code sent to the old one verifies nothing, and once verified the number only
// changes through the contact change (step-up and a code to the new number).
describe('the sign-up phone number, corrected before it is verified', () => {
  const test = useTestApp();
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    test.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  it('moves the code to the corrected number, and is closed once the phone is verified', async () => {
    const email = 'wrong-number@example.test';
    const wrong = '+447911000401';
    const right = '+447911000402';
    await signUpAndConfirm(test.app, email, { phone: wrong });
    const { headers } = await logIn(test.app, email);
    expect((await post('/api/client/phone/send_code', headers)).statusCode).toBe(202);
    const oldCode = codeIn((await lastMessage(test.app, wrong)).text);

    expectProblem(await post('/api/client/phone', headers, { phone: '07911 000402' }), 400);
    const corrected = await post('/api/client/phone', headers, { phone: '+44 7911 000402' });
    expect(corrected.statusCode, corrected.body).toBe(202);
    expect(await clientData(test.app, { token: '', headers })).toMatchObject({
      phone: right,
      phone_verified: false,
      status: 'NEW',
    });
    const newCode = codeIn((await lastMessage(test.app, right)).text);
    if (oldCode !== newCode)
      expectProblem(await post('/api/client/phone/verify', headers, { code: oldCode }), 422, 'code_invalid');
    const verified = await post('/api/client/phone/verify', headers, { code: newCode });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await clientData(test.app, { token: '', headers })).toMatchObject({
      phone: right,
      phone_verified: true,
      status: 'VERIFIED',
    });

    expectProblem(await post('/api/client/phone', headers, { phone: wrong }), 409, 'phone_already_verified');
    const [audit] = await test.db.query<{ details: { phone: string } }>(
      `SELECT details FROM audit_log WHERE action = 'client.phone_corrected'`,
    );
    expect(audit?.details.phone).not.toContain('000402');
  });
});
