import { describe, expect, it } from 'vitest';
import {
  codeIn,
  expectProblem,
  lastMessage,
  linkSecretIn,
  logIn,
  privateSignUp,
  signUpAndConfirm,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';

// A verification whose answer was lost is retried with the same code or link; the retry gets the
// first answer, not "already verified" or "link not valid" (docs/idempotency.md). Any other code
// or link is refused as before, and the verification is done and audited once.
describe('a retried verification gets its first answer', () => {
  const test = useTestApp();

  const auditCount = async (action: string, clientEmail: string) => {
    const [row] = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log a JOIN clients c ON c.id::text = a.object_id::text
       WHERE a.action = $1 AND c.email = $2`,
      [action, clientEmail],
    );
    return row?.n;
  };

  it('replays the phone verification for the code that verified it, and refuses another code', async () => {
    const email = 'phone-retry@example.test';
    const phone = '+447911000301';
    await signUpAndConfirm(test.app, email, { phone });
    const session = await logIn(test.app, email);
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/client/phone/send_code',
      headers: session.headers,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const code = codeIn((await lastMessage(test.app, phone)).text);
    const verify = (body: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/client/phone/verify',
        headers: session.headers,
        payload: { code: body },
      });

    const first = await verify(code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retried = await verify(code);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());

    const other = code === '000000' ? '000001' : '000000';
    expectProblem(await verify(other), 409, 'phone_already_verified');
    expect(await auditCount('client.phone_verified', email)).toBe(1);
  });

  it('replays the e-mail confirmation for the link that confirmed it, never for a retired link', async () => {
    const email = 'link-retry@example.test';
    const signUp = await test.app.inject({
      method: 'POST',
      url: '/api/auth/signup/private',
      payload: privateSignUp(email, { phone: '+447911000302' }),
    });
    expect(signUp.statusCode, signUp.body).toBe(202);
    const retired = linkSecretIn((await lastMessage(test.app, email)).text);
    const resent = await test.app.inject({
      method: 'POST',
      url: '/api/auth/confirm_email/resend',
      payload: { email },
    });
    expect(resent.statusCode).toBe(202);
    const live = linkSecretIn((await lastMessage(test.app, email)).text);
    const confirm = (hash: string) =>
      test.app.inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });

    expectProblem(await confirm(retired), 422, 'link_invalid');
    const first = await confirm(live);
    expect(first.statusCode, first.body).toBe(200);
    const retried = await confirm(live);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    // The retired link of an address confirmed since is still no way in.
    expectProblem(await confirm(retired), 422, 'link_invalid');
    expect(await auditCount('client.email_confirmed', email)).toBe(1);
  });
});
