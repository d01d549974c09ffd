import { describe, expect, it, vi } from 'vitest';
import {
  clientData,
  expectProblem,
  lastMessage,
  logIn,
  PASSWORD,
  type Session,
  signUpAndConfirm,
  stepUpProof,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { currentTotpCode } from '../auth';

// Step-up for security settings: a session alone never changes the second factor or the
// password; the change needs the password and a code from the CURRENT factor, tells the old
// channel, ends the other sessions and is audited (docs/security-settings.md).
describe('step-up before a security setting changes', () => {
  let owner: Session;
  const email = 'owner@example.test';
  // The middle of a 30-second TOTP step, so codes of neighbouring steps are unambiguous; a
  // minute ahead, so what happens then is newer than anything the earlier tests did.
  const start = Math.floor(Date.now() / 30_000) * 30_000 + 75_000;
  const at = (seconds: number) => new Date(start + seconds * 1000);
  let address = 0;
  const nextAddress = () => `10.9.0.${++address}`;

  const test = useTestApp({
    setUp: async ({ app }) => {
      await signUpAndConfirm(app, email);
      await signUpAndConfirm(app, 'locked@example.test');
      await signUpAndConfirm(app, 'bound@example.test');
      owner = await logIn(app, email);
    },
    realTimersAfterEach: true,
  });

  const post = (url: string, session: Session, payload: object, remoteAddress = '127.0.0.1') =>
    test.app.inject({ method: 'POST', url, headers: session.headers, payload, remoteAddress });
  const proof = (session: Session, action: 'password_change' | 'second_factor' | 'totp_setup', to = email) =>
    stepUpProof(test.app, session, action, { to }, { remoteAddress: nextAddress() });
  const pendingSecret = async () =>
    (
      await test.db.query<{ totp_pending_secret_encrypted: string | null }>(
        'SELECT totp_pending_secret_encrypted FROM clients WHERE email = $1',
        [email],
      )
    )[0]?.totp_pending_secret_encrypted;

  it('refuses to start an authenticator with a session alone', async () => {
    expectProblem(await post('/api/client/totp/setup', owner, {}), 400, 'validation_failed');
    expectProblem(await post('/api/client/totp/setup', owner, { current_password: PASSWORD }), 400);
    const madeUp = {
      current_password: PASSWORD,
      step_up_challenge_id: '00000000-0000-4000-8000-000000000000',
      step_up_code: '123456',
    };
    expectProblem(await post('/api/client/totp/setup', owner, madeUp), 422, 'sca_code_invalid');
    const wrongPassword = { ...(await proof(owner, 'totp_setup')), current_password: 'Wrong-pass-1' };
    expectProblem(
      await post('/api/client/totp/setup', owner, wrongPassword),
      422,
      'current_password_incorrect',
    );
    expectProblem(await post('/api/client/totp/confirm', owner, { code: '123456' }), 409, 'totp_not_started');
    expect(await pendingSecret()).toBeNull();
    expect((await clientData(test.app, owner)).second_factor).toBe('email');
  });

  it('a step-up code is bound to its kind of change and works once', async () => {
    const bound = await logIn(test.app, 'bound@example.test');
    const forChannel = await proof(bound, 'second_factor', 'bound@example.test');
    const change = { password: 'Other-pass-3', password_confirmation: 'Other-pass-3' };
    expectProblem(
      await post('/api/client/password_change', bound, { ...forChannel, ...change }),
      422,
      'sca_code_invalid',
    );
    const forPassword = await proof(bound, 'password_change', 'bound@example.test');
    const first = await post('/api/client/password_change', bound, { ...forPassword, ...change });
    expect(first.statusCode, first.body).toBe(200);
    const again = await logIn(test.app, 'bound@example.test', 'Other-pass-3');
    const replay = await post('/api/client/password_change', again, {
      ...forPassword,
      current_password: 'Other-pass-3',
      password: 'Third-pass-4',
      password_confirmation: 'Third-pass-4',
    });
    expectProblem(replay, 422, 'sca_code_invalid');
  });

  it('sets up an authenticator after step-up: the old channel hears, other sessions end, audited', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const other = await logIn(test.app, email);
    const started = await post('/api/client/totp/setup', owner, await proof(owner, 'totp_setup'));
    expect(started.statusCode, started.body).toBe(200);
    // Until the new app's first code proves it, nothing changes.
    expect(await pendingSecret()).not.toBeNull();
    expect((await clientData(test.app, owner)).second_factor).toBe('email');
    const { secret } = started.json().data;
    vi.setSystemTime(at(1));
    const confirmed = await post('/api/client/totp/confirm', owner, { code: currentTotpCode(secret, at(0)) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await clientData(test.app, owner)).second_factor).toBe('totp');
    expect((await lastMessage(test.app, email)).subject).toMatch(/new authenticator app was set up/);
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/client/data', headers: other.headers }),
      401,
    );
    const audit = await test.db.query<{ action: string; ip: string }>(
      `SELECT action, ip FROM audit_log WHERE action IN ('client.totp_setup_started', 'client.totp_set_up') ORDER BY id`,
    );
    expect(audit.map((entry) => entry.action)).toEqual(['client.totp_setup_started', 'client.totp_set_up']);

    // The probe's attack: a session alone, with a code from a NEW secret, cannot take over.
    vi.setSystemTime(at(30));
    const stepUp = await test.app.inject({
      method: 'POST',
      url: '/api/client/step_up',
      headers: owner.headers,
      payload: { action: 'totp_setup' },
      remoteAddress: nextAddress(),
    });
    expect(stepUp.json().data.factor).toBe('totp');
    const challenge = stepUp.json().data.challenge_id;
    const attackerSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const forged = await post('/api/client/totp/setup', owner, {
      current_password: PASSWORD,
      step_up_challenge_id: challenge,
      step_up_code: currentTotpCode(attackerSecret, at(30)),
    });
    expectProblem(forged, 422, 'sca_code_invalid');

    // The owner, with the current app's code, replaces it; the new app then logs in.
    const replaced = await post('/api/client/totp/setup', owner, {
      current_password: PASSWORD,
      step_up_challenge_id: challenge,
      step_up_code: currentTotpCode(secret, at(30)),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newSecret = replaced.json().data.secret;
    const done = await post('/api/client/totp/confirm', owner, { code: currentTotpCode(newSecret, at(30)) });
    expect(done.statusCode, done.body).toBe(200);
    vi.setSystemTime(at(60));
    const step1 = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: nextAddress(),
    });
    const verify = (code: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/login/verify',
        payload: { challenge_id: step1.json().data.challenge_id, code },
        remoteAddress: nextAddress(),
      });
    expectProblem(await verify(currentTotpCode(secret, at(60))), 401, 'invalid_credentials');
    expect((await verify(currentTotpCode(newSecret, at(60)))).statusCode).toBe(200);

    // Back to e-mail codes: only the app's holder can, with the app's code.
    vi.setSystemTime(at(90));
    const back = await test.app.inject({
      method: 'POST',
      url: '/api/client/step_up',
      headers: owner.headers,
      payload: { action: 'second_factor' },
      remoteAddress: nextAddress(),
    });
    const channel = await post('/api/client/second_factor', owner, {
      factor: 'email',
      current_password: PASSWORD,
      step_up_challenge_id: back.json().data.challenge_id,
      step_up_code: currentTotpCode(newSecret, at(90)),
    });
    expect(channel.statusCode, channel.body).toBe(200);
    expect((await clientData(test.app, owner)).second_factor).toBe('email');
  });

  it('locks the current-password check after five wrong passwords, like log-in, for that address', async () => {
    const session = await logIn(test.app, 'locked@example.test');
    const change = (current: string, extra: object = {}) =>
      post(
        '/api/client/password_change',
        session,
        {
          current_password: current,
          step_up_challenge_id: '00000000-0000-4000-8000-000000000000',
          step_up_code: '123456',
          password: 'Other-pass-3',
          password_confirmation: 'Other-pass-3',
          ...extra,
        },
        '10.9.9.9',
      );
    for (let attempt = 1; attempt <= 4; attempt++)
      expectProblem(await change('Wrong-pass-1'), 422, 'current_password_incorrect');
    expectProblem(await change('Wrong-pass-1'), 423, 'login_locked');
    expect((await lastMessage(test.app, 'locked@example.test')).subject).toMatch(/locked/);
    const valid = await proof(session, 'password_change', 'locked@example.test');
    expectProblem(await change(PASSWORD, valid), 423, 'login_locked');
    const login = (remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'locked@example.test', password: PASSWORD },
        remoteAddress,
      });
    expectProblem(await login('10.9.9.9'), 423, 'login_locked');
    // The session itself lives on, and log-in from another address is not locked.
    expect((await clientData(test.app, session)).email).toBe('locked@example.test');
    expect((await login('10.9.9.10')).statusCode).toBe(200);
  });
});
