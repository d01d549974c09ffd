import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  clientData,
  codeIn,
  expectProblem,
  lastMessage,
  linkSecretIn,
  logIn,
  PASSWORD,
  signUpAndConfirm,
  stepUpProof,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { currentTotpCode } from './totp';

// Log-in, lockout, sessions and passwords (docs/reliability.md, T6, bad inputs 12, 13 and 20).
describe('authentication and sessions', () => {
  const test = useTestApp({
    setUp: async ({ app }) => {
      for (const name of ['lock', 'idle', 'out', 'hash', 'restore', 'change', 'totp', 'timing', 'code']) {
        await signUpAndConfirm(app, `${name}@example.test`);
      }
    },
    realTimersAfterEach: true,
  });

  // Each log-in name from one address of its own: the lockout counts per name and address
  // (decision 0017), and the per-IP rate limit (tested with the other bad inputs) must not
  // stop these tests first.
  const addresses = new Map<string, string>();
  const addressOf = (email: string) => {
    if (!addresses.has(email)) addresses.set(email, `10.2.0.${addresses.size + 1}`);
    return addresses.get(email) ?? '';
  };
  const login = (email: string, password: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: addressOf(email),
    });

  it('locks log-in after five failures, so a sixth correct attempt is refused', async () => {
    for (let attempt = 1; attempt <= 4; attempt++)
      expectProblem(await login('lock@example.test', 'Wrong-pass-1'), 401, 'invalid_credentials');
    const fifth = await login('lock@example.test', 'Wrong-pass-1');
    expectProblem(fifth, 423, 'login_locked');
    expect(fifth.json().message).toMatch(/locked for 15 minutes/);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(800);
    expectProblem(await login('lock@example.test', PASSWORD), 423, 'login_locked');
    expect((await lastMessage(test.app, 'lock@example.test')).subject).toMatch(/locked/);
  });

  it('answers an unknown e-mail exactly like a wrong password, lockout included', async () => {
    const unknown = await login('nobody@example.test', 'Wrong-pass-1');
    const wrong = await login('timing@example.test', 'Wrong-pass-1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    const { request_id: _a, ...unknownBody } = unknown.json();
    const { request_id: _b, ...wrongBody } = wrong.json();
    expect(unknownBody).toEqual(wrongBody);
    for (let attempt = 2; attempt <= 4; attempt++) await login('nobody@example.test', 'Wrong-pass-1');
    expectProblem(await login('nobody@example.test', 'Wrong-pass-1'), 423, 'login_locked');
  });

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    const timeOf = async (email: string) => {
      await test.db.query('DELETE FROM login_lockouts');
      const started = performance.now();
      await login(email, 'Wrong-pass-1');
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const unknown: number[] = [];
    const known: number[] = [];
    for (let round = 0; round < 8; round++) {
      unknown.push(await timeOf('ghost@example.test'));
      known.push(await timeOf('timing@example.test'));
    }
    // Skipping the hash for an unknown e-mail would make it several times faster; a loaded
    // machine stretches both sides alike, so the bound grows with the time taken.
    const slower = Math.max(median(unknown), median(known));
    expect(Math.abs(median(unknown) - median(known))).toBeLessThan(Math.max(25, slower * 0.35));
  });

  it('counts wrong codes towards the lockout and gives them the same answer', async () => {
    await test.db.query('DELETE FROM login_lockouts');
    const step1 = await login('code@example.test', PASSWORD);
    const { challenge_id } = step1.json().data;
    const correct = codeIn((await lastMessage(test.app, 'code@example.test')).text);
    const wrongCode = correct === '000000' ? '111111' : '000000';
    const verify = (code: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/login/verify',
        payload: { challenge_id, code },
        remoteAddress: addressOf('code@example.test'),
      });
    const first = await verify(wrongCode);
    expectProblem(first, 401, 'invalid_credentials');
    expect(first.json().message).toBe((await login('code@example.test', 'Wrong-pass-1')).json().message);
    for (let attempt = 3; attempt <= 4; attempt++) await verify(wrongCode);
    expectProblem(await verify(wrongCode), 423, 'login_locked');
    expectProblem(await verify(correct), 423, 'login_locked');
  });

  it('ends a session after five idle minutes (injected clock)', async () => {
    // Minutes from now, not a far date: the rate limiter's timers must stay in range.
    const start = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const session = await logIn(test.app, 'idle@example.test');
    const check = () =>
      test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: session.headers });
    vi.setSystemTime(at(240));
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers }))
        .statusCode,
    ).toBe(200);
    vi.setSystemTime(at(510));
    expect((await check()).json().data.idle_expires_at).toBe(at(540).toISOString());
    vi.setSystemTime(at(541));
    expectProblem(await check(), 401, 'session_ended');
    vi.setSystemTime(at(542));
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers }),
      401,
    );
    // Carried in the HttpOnly cookie, the ended session's answer also expires the cookie.
    const viaCookie = await test.app.inject({
      method: 'GET',
      url: '/api/client/data',
      headers: { cookie: `bp__token=${session.token}` },
    });
    expectProblem(viaCookie, 401, 'session_ended');
    expect(String(viaCookie.headers['set-cookie'])).toMatch(/^bp__token=; Max-Age=0; Path=\/; HttpOnly/);
    expect(String(viaCookie.headers['set-cookie'])).toMatch(/bp__token_hint=; Max-Age=0; Path=\//);
  });

  it('ends the session on the server at log-out, and refuses cross-site cookie writes', async () => {
    const session = await logIn(test.app, 'out@example.test');
    const cookie = { cookie: `bp__token=${session.token}` };
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: cookie })).statusCode,
    ).toBe(200);
    const crossSite = await test.app.inject({
      method: 'POST',
      url: '/api/auth/session/extend',
      headers: { ...cookie, origin: 'https://evil.example', host: 'localhost' },
    });
    expectProblem(crossSite, 403, 'cross_origin_refused');
    const out = await test.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cookie });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toEqual([
      'bp__token=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0',
      'bp__token_hint=; Path=/; SameSite=Strict; Max-Age=0',
    ]);
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: cookie }),
      401,
    );
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers }),
      401,
    );
  });

  it('sets an HttpOnly SameSite cookie and stores only the token hash', async () => {
    const step1 = await login('hash@example.test', PASSWORD);
    const code = codeIn((await lastMessage(test.app, 'hash@example.test')).text);
    const verified = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge_id: step1.json().data.challenge_id, code },
    });
    const { token } = verified.json().data;
    // With its hint, which says only that a session may exist (the home page asks no API without it).
    expect(verified.headers['set-cookie']).toEqual([
      `bp__token=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200`,
      'bp__token_hint=1; Path=/; SameSite=Strict; Max-Age=43200',
    ]);
    const replay = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge_id: step1.json().data.challenge_id, code },
    });
    expectProblem(replay, 401, 'invalid_credentials');
    const rows = await test.db.query<{ token_hash: Uint8Array }>('SELECT token_hash FROM sessions');
    const hashes = rows.map((row) => Buffer.from(row.token_hash).toString('hex'));
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    const dump = JSON.stringify(await test.db.query('SELECT * FROM sessions'));
    expect(dump).not.toContain(token);
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: '/api/client/data',
        headers: { authorization: `Bearer ${token.slice(0, -2)}xx` },
      }),
      401,
    );
  });

  it('restores a password from the e-mailed link and ends every session', async () => {
    const session = await logIn(test.app, 'restore@example.test');
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/auth/restore',
      payload: { email: 'none@example.test' },
    });
    const known = await test.app.inject({
      method: 'POST',
      url: '/api/auth/restore',
      payload: { email: 'restore@example.test' },
    });
    expect([unknown.statusCode, known.statusCode]).toEqual([202, 202]);
    expect(unknown.json()).toEqual(known.json());
    const secret = linkSecretIn((await lastMessage(test.app, 'restore@example.test')).text);
    const weak = await test.app.inject({
      method: 'POST',
      url: `/api/auth/restore/${secret}`,
      payload: { password: 'weak', password_confirmation: 'weak' },
    });
    expectProblem(weak, 400, 'validation_failed');
    const payload = { password: 'Newer-pass-2', password_confirmation: 'Newer-pass-2' };
    expect(
      (await test.app.inject({ method: 'POST', url: `/api/auth/restore/${secret}`, payload })).statusCode,
    ).toBe(200);
    expectProblem(
      await test.app.inject({ method: 'POST', url: `/api/auth/restore/${secret}`, payload }),
      422,
      'link_invalid',
    );
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers }),
      401,
    );
    await logIn(test.app, 'restore@example.test', 'Newer-pass-2');
  });

  it('changes the password of a logged-in client and ends its sessions', async () => {
    const session = await logIn(test.app, 'change@example.test');
    const change = async (current: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/client/password_change',
        headers: session.headers,
        payload: {
          ...(await stepUpProof(test.app, session, 'password_change', { to: 'change@example.test' })),
          current_password: current,
          password: 'Other-pass-3',
          password_confirmation: 'Other-pass-3',
        },
      });
    expectProblem(await change('Wrong-pass-1'), 422, 'current_password_incorrect');
    expect((await change(PASSWORD)).statusCode).toBe(200);
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers }),
      401,
    );
  });

  it('sets up an authenticator app and then logs in with it, each code once', async () => {
    const session = await logIn(test.app, 'totp@example.test');
    const setup = await test.app.inject({
      method: 'POST',
      url: '/api/client/totp/setup',
      headers: session.headers,
      payload: await stepUpProof(test.app, session, 'totp_setup', { to: 'totp@example.test' }),
    });
    const { otpauth_uri, qr_code, secret } = setup.json().data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Bluepeak:totp%40example\.test\?/);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    // Kept aside, sealed, until its first code proves it (the working factor stays until then).
    const stored = await test.db.query<{ totp_pending_secret_encrypted: string }>(
      "SELECT totp_pending_secret_encrypted FROM clients WHERE email = 'totp@example.test'",
    );
    expect(stored[0]?.totp_pending_secret_encrypted).not.toContain(secret);
    // One code, used twice: the second use is refused even when a new 30-second step began between.
    const firstCode = currentTotpCode(secret, new Date());
    const confirm = await test.app.inject({
      method: 'POST',
      url: '/api/client/totp/confirm',
      headers: session.headers,
      payload: { code: firstCode },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await clientData(test.app, session)).second_factor).toBe('totp');

    const step1 = await login('totp@example.test', PASSWORD);
    expect(step1.json().data.factor).toBe('totp');
    const used = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login/verify',
      payload: { challenge_id: step1.json().data.challenge_id, code: firstCode },
    });
    expectProblem(used, 401, 'invalid_credentials');
  });
});
