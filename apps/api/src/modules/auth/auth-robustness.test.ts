import { describe, expect, it, vi } from 'vitest';
import {
  codeIn,
  expectProblem,
  lastMessage,
  linkSecretIn,
  logIn,
  PASSWORD,
  signUpAndConfirm,
} from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';

// Only the newest log-in code and restore link work, and a refused cross-site request (a
// log-out included) leaves the session exactly as it was.
describe('auth robustness', () => {
  const test = useTestApp({
    setUp: async ({ app }) => {
      for (const name of ['links', 'codes', 'csrf', 'idle'])
        await signUpAndConfirm(app, `${name}@example.test`);
    },
    realTimersAfterEach: true,
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'POST', url, payload, headers });
  const foreign = { origin: 'https://evil.example', host: 'localhost' };

  it('refuses an older restore link once a newer one is issued', async () => {
    await post('/api/auth/restore', { email: 'links@example.test' });
    const older = linkSecretIn((await lastMessage(test.app, 'links@example.test')).text);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post('/api/auth/restore', { email: 'links@example.test' });
    const newer = linkSecretIn((await lastMessage(test.app, 'links@example.test')).text);
    expect(newer).not.toBe(older);
    const payload = { password: 'Newer-pass-2', password_confirmation: 'Newer-pass-2' };
    expectProblem(await post(`/api/auth/restore/${older}`, payload), 422, 'link_invalid');
    expect((await post(`/api/auth/restore/${newer}`, payload)).statusCode).toBe(200);
  });

  it('refuses an older log-in code once a newer one is issued', async () => {
    const first = await post('/api/auth/login', { email: 'codes@example.test', password: PASSWORD });
    const olderCode = codeIn((await lastMessage(test.app, 'codes@example.test')).text);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await post('/api/auth/login', { email: 'codes@example.test', password: PASSWORD });
    const newerCode = codeIn((await lastMessage(test.app, 'codes@example.test')).text);
    const older = await post('/api/auth/login/verify', {
      challenge_id: first.json().data.challenge_id,
      code: olderCode,
    });
    expectProblem(older, 401, 'invalid_credentials');
    const newer = await post('/api/auth/login/verify', {
      challenge_id: second.json().data.challenge_id,
      code: newerCode,
    });
    expect(newer.statusCode, newer.body).toBe(200);
  });

  it('refuses a log-out from another origin and keeps the session', async () => {
    const session = await logIn(test.app, 'csrf@example.test');
    const cookie = { cookie: `bp__token=${session.token}` };
    const refused = await post('/api/auth/logout', {}, { ...cookie, ...foreign });
    expectProblem(refused, 403, 'cross_origin_refused');
    expect(refused.headers['set-cookie']).toBeUndefined();
    const alive = await test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: cookie });
    expect(alive.statusCode, alive.body).toBe(200);
    const ended = await test.db.query<{ ended_at: Date | null }>(
      'SELECT s.ended_at FROM sessions s JOIN clients c ON c.id = s.client_id WHERE c.email = $1',
      ['csrf@example.test'],
    );
    expect(ended.every((row) => row.ended_at === null)).toBe(true);
  });

  it('does not refresh the idle timer on a refused cross-site write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now() + 60_000;
    vi.setSystemTime(start);
    const session = await logIn(test.app, 'idle@example.test');
    const cookie = { cookie: `bp__token=${session.token}` };
    vi.setSystemTime(start + 4 * 60_000);
    const refused = await post('/api/auth/session/extend', {}, { ...cookie, ...foreign });
    expectProblem(refused, 403, 'cross_origin_refused');
    vi.setSystemTime(start + 5 * 60_000 + 1_000);
    const check = await test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: cookie });
    expectProblem(check, 401, 'session_ended');
  });

  it("locks a stranger's address, not the owner's; spread failures only slow the account", async () => {
    const login = (password: string, remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'spread@example.test', password },
        remoteAddress,
      });
    await signUpAndConfirm(test.app, 'spread@example.test');
    for (let attempt = 1; attempt <= 4; attempt++)
      expectProblem(await login('Wrong-pass-1', '203.0.113.1'), 401, 'invalid_credentials');
    expectProblem(await login('Wrong-pass-1', '203.0.113.1'), 423, 'login_locked');
    expectProblem(await login(PASSWORD, '203.0.113.1'), 423, 'login_locked');
    expect((await login(PASSWORD, '198.51.100.1')).statusCode).toBe(200);
    await logIn(test.app, 'spread@example.test');

    // The owner's log-in cleared the account-wide count; ten failures over ten addresses
    // then start the back-off, for every address, and the owner hears of it.
    for (let attempt = 1; attempt <= 9; attempt++)
      expectProblem(await login('Wrong-pass-1', `203.0.113.${10 + attempt}`), 401, 'invalid_credentials');
    const slowed = await login('Wrong-pass-1', '203.0.113.20');
    expectProblem(slowed, 423, 'login_locked');
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
    // The text says the real wait (30 seconds round up to a minute), not the 15-minute lock's.
    expect(slowed.json().message).toBe('Too many failed attempts. Log-in is locked for 1 minute.');
    const owner = await login(PASSWORD, '198.51.100.1');
    expectProblem(owner, 423, 'login_locked');
    expect(owner.json().message).toBe(slowed.json().message);
    expect((await lastMessage(test.app, 'spread@example.test')).subject).toMatch(/slowed down/);
  });
});
