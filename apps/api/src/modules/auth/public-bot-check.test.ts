import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem } from '../../testing/onboarding-helpers';
import { solvedAltchaPayload } from './testing/altcha-solution';

// docs/requirements/security.md, "The bot check": every public form asks for a solved challenge.
const APP_SECRET = 'a-test-installation-secret-of-32-characters';

// An unknown address still fails log-in, but past the bot check.
const forms: { url: string; body: object; accepted?: number }[] = [
  { url: '/api/auth/login', body: { email: 'nobody@example.test', password: 'Secret123!' } },
  { url: '/api/auth/restore', body: { email: 'nobody@example.test' }, accepted: 202 },
  {
    url: '/api/public/card-waitlist',
    body: { email: 'card@example.test', consent: true, locale: 'en-GB' },
    accepted: 202,
  },
];

describe('the bot check on the public forms', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ BOT_CHECK: 'on', APP_SECRET });
  });
  afterAll(async () => test.close());

  const post = (url: string, payload: object) => test.app.inject({ method: 'POST', url, payload });

  it.each(forms)('$url refuses a missing or bad proof and takes a solved one once', async (form) => {
    expectProblem(await post(form.url, form.body), 403, 'bot_check_failed');
    expectProblem(await post(form.url, { ...form.body, altcha: 'bm90IGpzb24=' }), 403, 'bot_check_failed');
    const altcha = await solvedAltchaPayload(Buffer.from(APP_SECRET, 'utf8'));
    const solved = await post(form.url, { ...form.body, altcha });
    expect(solved.statusCode, solved.body).not.toBe(403);
    if (form.accepted) expect(solved.statusCode).toBe(form.accepted);
    expectProblem(await post(form.url, { ...form.body, altcha }), 403, 'bot_check_failed');
  });
});
