import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  expectProblem,
  logIn,
  PNG,
  pngAttachment,
  pngOfSize,
  privateSignUp,
  type Session,
  signUpAndConfirm,
  verifyPhone,
} from '../../testing/onboarding-helpers';
import { altchaKeys, createAltchaChallenge, verifyAltchaPayload } from '../auth';

// docs/reliability.md, bad inputs 1-4, 9, 12, 13, 18, 20 and 21 on the sign-up and onboarding routes.
describe('bad input on sign-up and onboarding', () => {
  let test: TestApp;
  let botChecked: TestApp;
  let session: Session;
  beforeAll(async () => {
    [test, botChecked] = await Promise.all([buildTestApp(), buildTestApp({ BOT_CHECK: 'on' })]);
    await signUpAndConfirm(test.app, 'files@example.test', { phone: '+447911000009' });
    session = await logIn(test.app, 'files@example.test');
    await verifyPhone(test.app, session, '+447911000009');
  });
  afterAll(async () => Promise.all([test.close(), botChecked.close()]));

  // Each from its own address, so the per-IP sign-up limit does not stop the cases early.
  let address = 0;
  const signUp = (payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/auth/signup/private',
      payload: payload as string,
      headers,
      remoteAddress: `10.0.0.${++address}`,
    });

  it('refuses malformed JSON, a wrong content type, duplicate and prototype keys', async () => {
    const json = { 'content-type': 'application/json' };
    expectProblem(await signUp('{"first_name": "Ada",', json), 400, 'malformed_json');
    expectProblem(
      await signUp('first_name=Ada', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
    expectProblem(
      await signUp('{"email":"a@example.test","email":"b@example.test"}', json),
      400,
      'duplicate_key',
    );
    expectProblem(await signUp('{"__proto__":{"status":"APPROVED"}}', json), 400);
  });

  it.each([
    ['an unknown field (status)', { status: 'APPROVED' }],
    ['an unknown field (role)', { role: 'admin' }],
    ['a control character in a name', { first_name: 'Ada\u0000' }],
    ['a line break in a name', { last_name: 'Love\r\nlace' }],
    ['a bidi override in a name', { last_name: 'Love\u202elace' }],
    ['a zero-width character', { first_name: 'A\u200bda' }],
    ['a bad phone', { phone: '12345' }],
    ['a malformed country', { country: 'gbr' }],
    ['a weak password', { password: 'weakpass', password_confirmation: 'weakpass' }],
    ['mismatched passwords', { password_confirmation: 'Strong-pass-2' }],
    ['the terms not accepted', { accept_terms: false }],
    ['the terms left out', { accept_terms: undefined }],
  ])('refuses %s with 400 and the field at fault', async (_name, change) => {
    const response = await signUp(privateSignUp('bad@example.test', change));
    expectProblem(response, 400, 'validation_failed');
    expect(response.json().errors.length).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown country', 'XX'],
    ['a country we do not serve', 'KP'],
  ])('refuses %s with 422 and a detail (bad input 21)', async (_name, country) => {
    const response = await signUp(privateSignUp('bad@example.test', { country }));
    expectProblem(response, 422, 'country_not_supported');
    expect(response.json()).toMatchObject({
      detail: 'We cannot open accounts for clients from this country',
      errors: [{ field: 'body.country' }],
    });
  });

  it('answers a repeated sign-up like a first one and tells the owner', async () => {
    const again = await signUp(privateSignUp('files@example.test'));
    expect(again.statusCode).toBe(202);
    const outbox = await test.app.inject({ method: 'GET', url: '/api/dev/outbox?to=files@example.test' });
    expect(outbox.json().data[0].subject).toMatch(/already have an account/);
  });

  it('refuses bad confirmation links', async () => {
    const confirm = (hash: string) =>
      test.app.inject({ method: 'POST', url: '/api/auth/confirm_email', payload: { hash } });
    expectProblem(await confirm('../../etc'), 400);
    expectProblem(await confirm('A'.repeat(43)), 422, 'link_invalid');
  });

  it('asks for a session before it reads a body', async () => {
    expectProblem(
      await test.app.inject({ method: 'POST', url: '/api/client/address', payload: { nonsense: true } }),
      401,
      'not_authenticated',
    );
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: '/api/client/data',
        headers: { authorization: 'Bearer not-a-token' },
      }),
      401,
    );
  });

  const identify = (attachments: unknown, dates: Record<string, unknown> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/identification',
      headers: session.headers,
      payload: {
        document_type: 'PASSPORT',
        date_of_birth: '1990-05-17',
        document_expires_on: '2034-01-01',
        ...dates,
        attachments,
      },
    });

  it('refuses malformed identity dates with 400 and disqualifying ones with 422 (bad input 21)', async () => {
    const files = [pngAttachment('front'), pngAttachment('selfie')];
    const yearsAgo = (years: number, days = 0) => {
      const now = new Date();
      const at = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
      return at.toISOString().slice(0, 10);
    };
    for (const dates of [
      { date_of_birth: '1990-02-30' },
      { date_of_birth: '17-05-1990' },
      { document_expires_on: '' },
      { date_of_birth: 19900517 },
      { date_of_birth: undefined },
    ]) {
      expectProblem(await identify(files, dates), 400);
    }
    const minor = await identify(files, { date_of_birth: yearsAgo(18, 1) });
    expectProblem(minor, 422, 'identity_dates_refused');
    expect(minor.json().detail).toBe('You must be at least 18 years old to open an account');
    expectProblem(await identify(files, { date_of_birth: yearsAgo(-1) }), 422, 'identity_dates_refused');
    expectProblem(await identify(files, { date_of_birth: '1880-01-01' }), 422, 'identity_dates_refused');
    const expired = await identify(files, { document_expires_on: yearsAgo(0) });
    expectProblem(expired, 422, 'identity_dates_refused');
    expect(expired.json().errors).toEqual([
      {
        field: 'document_expires_on',
        code: 'refused',
        message: 'This document has expired; please use a valid one',
      },
    ]);
    // Nothing half-written: no submission exists after the refusals.
    const [row] = await test.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identification_submissions',
    );
    expect(row?.n).toBe(0);
  });

  it('checks uploads by their bytes', async () => {
    const selfie = pngAttachment('selfie');
    expectProblem(await identify([{ ...pngAttachment('front'), data: 'iVBO*w0K' }, selfie]), 400);
    expectProblem(
      await identify([{ ...pngAttachment('front'), data: 'AB==', size: 1 }, selfie]),
      400,
      'invalid_base64',
    );
    const gif = Buffer.from('GIF89a-not-a-png');
    expectProblem(await identify([pngAttachment('front', gif), selfie]), 415, 'unsupported_file_type');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expectProblem(await identify([{ ...pngAttachment('front', svg), mime: 'image/svg+xml' }, selfie]), 415);
    const pdf = Buffer.from('%PDF-1.4 pretending to be a png');
    expectProblem(await identify([pngAttachment('front', pdf), selfie]), 415);
    expectProblem(await identify([{ ...pngAttachment('front'), size: 999 }, selfie]), 400, 'size_mismatch');
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    expectProblem(await identify([pngAttachment('front', polyglot), selfie]), 422, 'file_rejected');
    expectProblem(await identify([pngAttachment('front', PNG.subarray(0, 16)), selfie]), 415);
    expectProblem(await identify([{ ...pngAttachment('front'), name: '../../etc/passwd' }, selfie]), 400);
    expectProblem(await identify([{ ...pngAttachment('front'), name: 'a\u0000.png' }, selfie]), 400);
    expectProblem(await identify([{ ...pngAttachment('front'), owner_id: 'x' }, selfie]), 400);
  });

  it('takes exactly 10 MiB and refuses one byte more with 413', async () => {
    const limit = 10 * 1024 * 1024;
    const big = (size: number) => pngAttachment('front', pngOfSize(size));
    expectProblem(await identify([big(limit + 1), pngAttachment('selfie')]), 413, 'file_too_large');
    expectProblem(
      await identify([big(limit + 2 * 1024 * 1024), pngAttachment('selfie')]),
      413,
      'file_too_large',
    );
    const accepted = await identify([big(limit), pngAttachment('selfie')]);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('checks the address rules and the postcode against the country', async () => {
    const address = (change: Record<string, string>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/client/address',
        headers: session.headers,
        payload: { country: 'GB', city: 'London', address: '1 High St', postcode: 'N1 9GU', ...change },
      });
    expectProblem(await address({ city: 'L0ndon' }), 400);
    expectProblem(await address({ address: 'a <script>' }), 400);
    expectProblem(await address({ country: 'Britain' }), 400);
    const mismatch = await address({ postcode: '75001' });
    expectProblem(mismatch, 422, 'postcode_mismatch');
    expect(mismatch.json()).toMatchObject({
      detail: 'This postcode does not fit the country',
      errors: [{ field: 'body.postcode' }],
    });
    expectProblem(await address({ country: 'RU' }), 422, 'country_not_supported');
    expectProblem(await address({ country: 'FR', postcode: 'N1 9GU' }), 422, 'postcode_mismatch');
    const missing = await address({ postcode: '' });
    expectProblem(missing, 422, 'postcode_mismatch');
    expect(missing.json().detail).toBe('Enter the postcode');
    expect((await address({})).statusCode).toBe(200);
  });

  it('refuses a bad place inside the update and company forms with 422', async () => {
    const update = await test.app.inject({
      method: 'POST',
      url: '/api/client/update_info',
      headers: session.headers,
      payload: {
        confirm_current: true,
        address: { country: 'BY', city: 'Minsk', address: '1 Main St', postcode: '220000' },
      },
    });
    expectProblem(update, 422, 'country_not_supported');
    expect(update.json().errors[0].field).toBe('body.address.country');
    const company = await test.app.inject({
      method: 'POST',
      url: '/api/client/company_profile',
      headers: session.headers,
      payload: { legal_address: { country: 'DE', city: 'Berlin', address: '1 Weg', postcode: 'N1 9GU' } },
    });
    expectProblem(company, 422, 'postcode_mismatch');
  });

  it('limits log-in attempts per IP (429 with Retry-After)', async () => {
    let last = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x0@example.test', password: 'x' },
    });
    for (let attempt = 1; attempt <= 30 && last.statusCode !== 429; attempt++) {
      last = await test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `x${attempt}@example.test`, password: 'x' },
      });
    }
    expectProblem(last, 429, 'rate_limited');
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('needs a solved ALTCHA challenge when the bot check is on, once per challenge', async () => {
    const refused = await botChecked.app.inject({
      method: 'POST',
      url: '/api/auth/signup/private',
      payload: privateSignUp('bot@example.test'),
    });
    expectProblem(refused, 403, 'bot_check_failed');
    const enabled = await botChecked.app.inject({ method: 'GET', url: '/api/auth/bot_check' });
    expect(enabled.json()).toEqual({ data: { enabled: true } });
    const disabled = await test.app.inject({ method: 'GET', url: '/api/auth/bot_check' });
    expect(disabled.json()).toEqual({ data: { enabled: false } });
    const challenge = await botChecked.app.inject({ method: 'GET', url: '/api/auth/altcha' });
    expect(challenge.json()).toMatchObject({
      parameters: { algorithm: 'PBKDF2/SHA-256' },
      signature: expect.any(String),
    });

    const keys = altchaKeys(Buffer.from('test-installation-key'));
    const cheap = await createAltchaChallenge(keys, new Date(), { cost: 1, counterMin: 1, counterMax: 20 });
    const solution = await solveChallenge({ challenge: cheap, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge: cheap, solution })).toString('base64');
    expect(await verifyAltchaPayload(test.db, keys, payload, new Date())).toBe(true);
    expect(await verifyAltchaPayload(test.db, keys, payload, new Date())).toBe(false);
    expect(await verifyAltchaPayload(test.db, keys, 'bm90IGpzb24=', new Date())).toBe(false);
  });
});
