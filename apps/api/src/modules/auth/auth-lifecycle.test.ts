import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../seed/seed-demo-data';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  clientData,
  codeIn,
  DEMO_PASSWORD,
  expectProblem,
  lastMessage,
  linkSecretIn,
  logIn,
  PASSWORD,
  passportIdentification,
  privateSignUp,
  type Session,
  stepUpProof,
} from '../../testing/onboarding-helpers';
import { INVALID_CREDENTIALS_MESSAGE } from './login-flow';
import { currentTotpCode } from './totp';

// The edges of sign-up, log-in and identification that the happy paths do not reach
// (docs/reliability.md, T6, bad inputs 12, 13 and 20): links and codes that are reused, late or
// stale, limits that answer 429, the absolute session lifetime, and an identity check that
// is rejected and tried again.
describe('authentication lifecycle', () => {
  let test: TestApp;
  // The middle of a 30-second TOTP step, so codes of neighbouring steps are unambiguous.
  const start = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  const at = (seconds: number) => new Date(start + seconds * 1000);
  const travelTo = (seconds: number) => vi.setSystemTime(at(seconds));

  beforeAll(async () => {
    test = await buildTestApp();
    await seedDemoData(test.db, { publicUrl: 'http://localhost:3000' });
  });
  afterAll(async () => test.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  // Every test calls from its own addresses: the per-IP limits are tested on purpose below,
  // and a request made at a travelled-to time must not hold a counter for the others.
  let address = 0;
  const from = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;
  const inject = (options: InjectOptions & { url: string }, ip = from()) =>
    test.app.inject({ ...options, remoteAddress: ip });
  const bodyWithoutId = (response: { json: () => Record<string, unknown> }) => {
    const { request_id: _id, ...rest } = response.json();
    return rest;
  };

  async function signUp(email: string, overrides: Record<string, unknown> = {}) {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signup/private',
      payload: privateSignUp(email, overrides),
    });
    expect(response.statusCode, response.body).toBe(202);
    return linkSecretIn((await lastMessage(test.app, email)).text);
  }
  const confirm = (hash: string) =>
    inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });
  const startLogin = (email: string, password = PASSWORD, ip = from()) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }, ip);
  const verifyCode = (challenge_id: string, code: string, ip = from()) =>
    inject({ method: 'POST', url: '/api/auth/login/verify', payload: { challenge_id, code } }, ip);
  async function logInFrom(email: string, ip: string): Promise<Session> {
    const step1 = await startLogin(email, PASSWORD, ip);
    expect(step1.statusCode, step1.body).toBe(200);
    const code = codeIn((await lastMessage(test.app, email)).text);
    const step2 = await verifyCode(step1.json().data.challenge_id, code, ip);
    expect(step2.statusCode, step2.body).toBe(200);
    const token: string = step2.json().data.token;
    return { token, headers: { authorization: `Bearer ${token}` } };
  }

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

  it('takes a new upload after a rejected identification, then approves it', async () => {
    const phone = '+447911000108';
    await signUp('retry@example.test', { phone }).then(confirm);
    const ip = from();
    const session = await logInFrom('retry@example.test', ip);
    const sent = await inject(
      { method: 'POST', url: '/api/client/phone/send_code', headers: session.headers },
      ip,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    await inject(
      {
        method: 'POST',
        url: '/api/client/phone/verify',
        headers: session.headers,
        payload: { code: codeIn((await lastMessage(test.app, phone)).text) },
      },
      ip,
    );
    const upload = () =>
      inject(
        {
          method: 'POST',
          url: '/api/client/identification',
          headers: session.headers,
          payload: passportIdentification(),
        },
        ip,
      );
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    expectProblem(await upload(), 409, 'identification_pending');

    const compliance = await logIn(test.app, 'compliance@demo.test', DEMO_PASSWORD, true);
    const decide = (id: string, verdict: string, payload: object) =>
      inject({
        method: 'POST',
        url: `/api/backoffice/identifications/${id}/${verdict}`,
        headers: compliance.headers,
        payload,
      });
    expectProblem(await decide(first.json().data.id, 'reject', {}), 422, 'reason_required');
    const rejected = await decide(first.json().data.id, 'reject', { reason: 'The photo is blurred' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await clientData(test.app, session)).toMatchObject({
      status: 'VERIFIED',
      ondato_required: true,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: false,
    });
    expect((await lastMessage(test.app, 'retry@example.test')).text).toContain(
      'Reason: The photo is blurred',
    );
    expectProblem(await decide(first.json().data.id, 'approve', {}), 409, 'already_reviewed');

    const second = await upload();
    expect(second.statusCode, second.body).toBe(201);
    const listed = await inject(
      { method: 'GET', url: '/api/client/identification', headers: session.headers },
      ip,
    );
    expect(listed.json().data.map((row: { status: string }) => row.status)).toEqual(['PENDING', 'REJECTED']);
    expect(listed.json().data[1].decision_reason).toBe('The photo is blurred');
    const approved = await decide(second.json().data.id, 'approve', {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await clientData(test.app, session)).toMatchObject({
      status: 'ON_APPROVAL',
      ondato_required: false,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: true,
    });
    expectProblem(await upload(), 409, 'identification_done');
  });
});
