import { describe, expect, it, vi } from 'vitest';
import { expectProblem, lastMessage, linkSecretIn } from '../../testing/onboarding-helpers';
import { useLifecycleApp } from './testing/lifecycle-app';

// The edges of sign-up confirmation and of a session's life that the happy paths do not reach
// (bad inputs 12, 13 and 20): links that are reused, late or stale, limits that answer 429,
// and the absolute session lifetime.
// The bad inputs and their numbers: docs/reliability.md.
describe('authentication lifecycle', () => {
  const { test, at, travelTo, from, inject, bodyWithoutId, signUp, confirm, startLogin, logInFrom } =
    useLifecycleApp();

  it('confirms with an e-mail link once (a retry replays), and only within 48 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    travelTo(0);
    const twice = await signUp('twice@example.test', { phone: '+447911000101' });
    const late = await signUp('late@example.test', { phone: '+447911000102' });
    const edge = await signUp('edge@example.test', { phone: '+447911000103' });
    const first = await confirm(twice);
    expect(first.statusCode).toBe(200);
    // The same link again is a retry whose answer was lost: it gets the first answer.
    const retried = await confirm(twice);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    const mistyped = await confirm('B'.repeat(43));
    expectProblem(mistyped, 422, 'link_invalid');
    expect(mistyped.json().detail).toMatch(/used, expired or mistyped/);

    travelTo(48 * 3600 - 1);
    expect((await confirm(edge)).statusCode).toBe(200);
    travelTo(48 * 3600);
    const expired = await confirm(late);
    expectProblem(expired, 422, 'link_invalid');
    expect(bodyWithoutId(expired)).toEqual(bodyWithoutId(mistyped));
    // Once its 48 hours are over, the link that confirmed an address is refused like any other.
    expect(bodyWithoutId(await confirm(twice))).toEqual(bodyWithoutId(mistyped));
    expectProblem(await startLogin('late@example.test'), 422, 'email_not_confirmed');

    // A new link retires the old one; the new one works.
    const resent = await inject({
      method: 'POST',
      url: '/api/auth/confirm_email/resend',
      payload: { email: 'late@example.test' },
    });
    expect(resent.statusCode).toBe(202);
    const fresh = linkSecretIn((await lastMessage(test.app, 'late@example.test')).text);
    expect(fresh).not.toBe(late);
    expectProblem(await confirm(late), 422, 'link_invalid');
    expect((await confirm(fresh)).statusCode).toBe(200);
    expect((await startLogin('late@example.test')).statusCode).toBe(200);
  });

  it('limits resending the confirmation link per IP (429 with Retry-After) and per address', async () => {
    await signUp('resend@example.test', { phone: '+447911000104' });
    const ip = from();
    const resend = (email: string, sender = ip) =>
      inject({ method: 'POST', url: '/api/auth/confirm_email/resend', payload: { email } }, sender);
    const answers = [];
    for (const email of ['resend@example.test', 'nobody@example.test', 'resend@example.test']) {
      answers.push(await resend(email));
    }
    // The same answer for a known and an unknown address: the limit enumerates nothing.
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    await resend('resend@example.test');
    await resend('resend@example.test');
    const limited = await resend('resend@example.test');
    expectProblem(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.json().message).toBe('Too many requests, please try again later');

    // Four resends and the sign-up make five links this hour: from yet another address the
    // answer is the same, but no sixth link goes out.
    const inbox = async () =>
      (await test.app.inject({ method: 'GET', url: '/api/dev/outbox?to=resend@example.test' })).json()
        .data as { text: string }[];
    expect(await inbox()).toHaveLength(5);
    const spread = await resend('resend@example.test', from());
    expect(spread.statusCode).toBe(202);
    expect(spread.json()).toEqual(answers[0]?.json());
    expect(await inbox()).toHaveLength(5);
    const [newest] = await inbox();
    expect((await confirm(linkSecretIn(newest?.text ?? ''))).statusCode).toBe(200);
  });

  it('ends even a busy session 12 hours after log-in (injected clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    travelTo(-10);
    await signUp('busy@example.test', { phone: '+447911000105' }).then(confirm);
    travelTo(0);
    const ip = from();
    const session = await logInFrom('busy@example.test', ip);
    const extend = () =>
      inject({ method: 'POST', url: '/api/auth/session/extend', headers: session.headers }, ip);
    const first = await extend();
    expect(first.json().data.expires_at).toBe(at(12 * 3600).toISOString());
    // Active every four minutes, so the idle timeout never applies.
    for (let seconds = 240; seconds < 12 * 3600; seconds += 240) {
      travelTo(seconds);
      const alive = await extend();
      expect(alive.statusCode, `at ${seconds} s`).toBe(200);
    }
    travelTo(12 * 3600 - 1);
    expect((await extend()).statusCode).toBe(200);
    travelTo(12 * 3600);
    expectProblem(await extend(), 401, 'session_ended');
    const [row] = await test.db.query<{ end_reason: string }>(
      'SELECT end_reason FROM sessions WHERE client_id = (SELECT id FROM clients WHERE email = $1)',
      ['busy@example.test'],
    );
    expect(row?.end_reason).toBe('expired');
  });
});
