import { describe, expect, it, vi } from 'vitest';
import { codeIn, expectProblem, lastMessage, stepUpProof } from '../../testing/onboarding-helpers';
import { INVALID_CREDENTIALS_MESSAGE } from './login-flow';
import { useLifecycleApp } from './testing/lifecycle-app';
import { currentTotpCode } from './totp';

// Log-in and verification codes that are late, early, stale or guessed (bad inputs 12, 13
// and 20): each is refused with the generic message, and guessing is limited per address.
// The bad inputs and their numbers: docs/reliability.md.
describe('log-in codes', () => {
  const life = useLifecycleApp();
  const { test, at, travelTo, from, inject, bodyWithoutId } = life;
  const { signUp, confirm, startLogin, verifyCode, logInFrom } = life;

  it('refuses an expired e-mail or SMS code with the same message as a wrong password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // PGlite takes its now() from the same clock: messages to one recipient are a second
    // apart, so the newest is the one just sent.
    travelTo(-10);
    const phone = '+447911000106';
    await signUp('codes@example.test', { phone }).then(confirm);
    travelTo(0);
    const wrongPassword = await startLogin('codes@example.test', 'Wrong-pass-1');
    expectProblem(wrongPassword, 401, 'invalid_credentials');
    expect(wrongPassword.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);

    // An e-mailed log-in code lives 10 minutes. (A newer code retires an older one, so each
    // is asked for on its own.)
    const inTime = await startLogin('codes@example.test');
    const inTimeCode = codeIn((await lastMessage(test.app, 'codes@example.test')).text);
    travelTo(600 - 1);
    const session = await verifyCode(inTime.json().data.challenge_id, inTimeCode);
    expect(session.statusCode, session.body).toBe(200);
    travelTo(1);
    const tooLate = await startLogin('codes@example.test');
    const tooLateCode = codeIn((await lastMessage(test.app, 'codes@example.test')).text);
    travelTo(601);
    const expired = await verifyCode(tooLate.json().data.challenge_id, tooLateCode);
    expectProblem(expired, 401, 'invalid_credentials');
    expect(bodyWithoutId(expired)).toEqual(bodyWithoutId(wrongPassword));

    // The phone's verification code by SMS lives 10 minutes too.
    const headers = { authorization: `Bearer ${session.json().data.token}` };
    const sent = await inject({ method: 'POST', url: '/api/client/phone/send_code', headers });
    expect(sent.statusCode, sent.body).toBe(202);
    const phoneCode = codeIn((await lastMessage(test.app, phone)).text);
    // Kept active, so only the code's own lifetime is at stake.
    for (const seconds of [840, 1080]) {
      travelTo(seconds);
      await inject({ method: 'POST', url: '/api/auth/session/extend', headers });
    }
    travelTo(601 + 600);
    const stale = await inject({
      method: 'POST',
      url: '/api/client/phone/verify',
      headers,
      payload: { code: phoneCode },
    });
    expectProblem(stale, 422, 'code_invalid');
    expect(stale.json().message).toBe('The code is not correct or has expired');

    // An SMS log-in code, once SMS is the chosen factor, expires the same way.
    const resent = await inject({ method: 'POST', url: '/api/client/phone/send_code', headers });
    expect(resent.statusCode, resent.body).toBe(202);
    const verified = await inject({
      method: 'POST',
      url: '/api/client/phone/verify',
      headers,
      payload: { code: codeIn((await lastMessage(test.app, phone)).text) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const chosen = await inject({
      method: 'POST',
      url: '/api/client/second_factor',
      headers,
      payload: {
        factor: 'sms',
        ...(await stepUpProof(test.app, { token: '', headers }, 'second_factor', {
          to: 'codes@example.test',
        })),
      },
    });
    expect(chosen.json().data.second_factor).toBe('sms');
    travelTo(601 + 601);
    const bySms = await startLogin('codes@example.test');
    expect(bySms.json().data.factor).toBe('sms');
    const smsCode = codeIn((await lastMessage(test.app, phone)).text);
    travelTo(601 + 601 + 600);
    const smsExpired = await verifyCode(bySms.json().data.challenge_id, smsCode);
    expectProblem(smsExpired, 401, 'invalid_credentials');
    expect(bodyWithoutId(smsExpired)).toEqual(bodyWithoutId(wrongPassword));
  });

  it('refuses a stale or early authenticator code with the generic message', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    travelTo(-10);
    await signUp('stale@example.test', { phone: '+447911000107' }).then(confirm);
    travelTo(0);
    const session = await logInFrom('stale@example.test', from());
    const setup = await inject({
      method: 'POST',
      url: '/api/client/totp/setup',
      headers: session.headers,
      payload: await stepUpProof(test.app, session, 'totp_setup', { to: 'stale@example.test' }),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json().data;
    const confirmed = await inject({
      method: 'POST',
      url: '/api/client/totp/confirm',
      headers: session.headers,
      payload: { code: currentTotpCode(secret, at(0)) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    travelTo(300);
    const step1 = await startLogin('stale@example.test');
    expect(step1.json().data.factor).toBe('totp');
    const challenge = step1.json().data.challenge_id;
    // Accepted: this 30-second step and the one before; refused: older ones and the next.
    for (const offset of [-60, -90, 30]) {
      const refused = await verifyCode(challenge, currentTotpCode(secret, at(300 + offset)));
      expectProblem(refused, 401, 'invalid_credentials');
      expect(refused.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
    const accepted = await verifyCode(challenge, currentTotpCode(secret, at(300 - 30)));
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Used once, the step and those before it are spent, even within the window.
    travelTo(310);
    const again = await startLogin('stale@example.test');
    const replay = await verifyCode(again.json().data.challenge_id, currentTotpCode(secret, at(300 - 30)));
    expectProblem(replay, 401, 'invalid_credentials');
  });

  it('limits code entry per IP: 429 with Retry-After on log-in codes and links', async () => {
    const ip = from();
    const unknown = '00000000-0000-4000-8000-000000000000';
    let last = await verifyCode(unknown, '123456', ip);
    expectProblem(last, 401, 'invalid_credentials');
    let attempts = 1;
    while (last.statusCode !== 429 && attempts < 40) {
      last = await verifyCode(unknown, '123456', ip);
      attempts++;
    }
    expect(attempts).toBe(31);
    expectProblem(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
    // The limit is per address: another one is still answered on the merits.
    expectProblem(await verifyCode(unknown, '123456', from()), 401, 'invalid_credentials');

    const links = from();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await inject(
        { method: 'POST', url: '/api/auth/confirm_email', payload: { hash: 'A'.repeat(43) } },
        links,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
