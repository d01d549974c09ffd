import { describe, expect, it, vi } from 'vitest';
import { expectProblem, logIn, signUpAndConfirm } from '../../testing/onboarding-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { sha256 } from './secret-tokens';
import { SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS } from './session-rules';

// The idle timer is written at most every SESSION_TOUCH_SECONDS, so a busy session costs no
// write per request; the five-minute idle rule still holds to within that interval, and never
// lets a session live longer than five minutes after its last request.
describe('the session idle timer, written at most every few seconds', () => {
  const test = useTestApp({
    setUp: async () => {
      for (const name of ['quiet', 'busy']) await signUpAndConfirm(test.app, `${name}@example.test`);
    },
    realTimersAfterEach: true,
  });

  // Minutes from the test's start, not a far date: the rate limiter's timers must stay in range,
  // and the log-in code must be the newest message.
  let start = 0;
  const at = (seconds: number) => new Date(start + seconds * 1000);
  const lastSeen = async (token: string) => {
    const [row] = await test.db.query<{ last_seen_at: Date }>(
      'SELECT last_seen_at FROM sessions WHERE token_hash = $1',
      [sha256(token)],
    );
    return row?.last_seen_at.toISOString();
  };

  it('skips the write within the interval and ends the session five minutes after the last write', async () => {
    start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const session = await logIn(test.app, 'quiet@example.test');
    const data = () => test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers });
    const check = () =>
      test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: session.headers });

    vi.setSystemTime(at(SESSION_TOUCH_SECONDS - 1));
    expect((await data()).statusCode).toBe(200);
    expect(await lastSeen(session.token)).toBe(at(0).toISOString());

    vi.setSystemTime(at(SESSION_TOUCH_SECONDS));
    expect((await data()).statusCode).toBe(200);
    expect(await lastSeen(session.token)).toBe(at(SESSION_TOUCH_SECONDS).toISOString());

    // A request just after the write does not move it; the deadline answered is the real one.
    vi.setSystemTime(at(SESSION_TOUCH_SECONDS + 5));
    expect((await data()).statusCode).toBe(200);
    const deadline = SESSION_TOUCH_SECONDS + SESSION_IDLE_SECONDS;
    vi.setSystemTime(at(deadline - 1));
    expect((await check()).json().data.idle_expires_at).toBe(at(deadline).toISOString());
    vi.setSystemTime(at(deadline));
    expectProblem(await check(), 401, 'session_ended');
  });

  it('keeps a session used every few seconds alive, and ends it within the interval of five idle minutes', async () => {
    start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const session = await logIn(test.app, 'busy@example.test');
    const data = () => test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers });
    const check = () =>
      test.app.inject({ method: 'GET', url: '/api/auth/login_check', headers: session.headers });
    let last = 0;
    for (let seconds = 7; seconds <= SESSION_IDLE_SECONDS + 120; seconds += 7) {
      vi.setSystemTime(at(seconds));
      expect((await data()).statusCode).toBe(200);
      last = seconds;
    }
    // Alive until the interval before five minutes after the last request...
    vi.setSystemTime(at(last + SESSION_IDLE_SECONDS - SESSION_TOUCH_SECONDS - 1));
    expect((await check()).statusCode).toBe(200);
    // ...and never after five minutes.
    vi.setSystemTime(at(last + SESSION_IDLE_SECONDS));
    expectProblem(await check(), 401, 'session_ended');
  });
});
