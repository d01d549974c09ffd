import { problemSchema } from '@bluepeak/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/use-test-app';

const test = useTestApp();

function expectProblem(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = problemSchema.parse(response.json());
  expect(body.status).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  if (code) expect(body.code).toBe(code);
  return body;
}

// Each test posts from an address of its own, so the route's rate limit (10 a minute) is
// exercised on purpose in one test and never by accident in the others.
let nextAddress = 1;
const post = (payload: string, contentType = 'application/json', remoteAddress = `10.0.0.${nextAddress++}`) =>
  test.app.inject({
    method: 'POST',
    url: '/api/public/card-waitlist',
    payload,
    headers: { 'content-type': contentType },
    remoteAddress,
  });

describe('the HTTP shell', () => {
  it('answers the health check from the database', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { status: 'ok', database: 'ok' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps a well-formed request id from a proxy and replaces a malformed one', async () => {
    const kept = await test.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-abc-12345' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-abc-12345');
    const replaced = await test.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\twith tab' },
    });
    // The replacement is a fresh UUID (whose hex digits may well spell 'bad').
    expect(replaced.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('serves the OpenAPI document and its interactive reference', async () => {
    const json = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(expect.arrayContaining(['/api/health', '/api/meta']));
    const ui = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('compresses large answers', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/meta',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('bad input gets the documented 4xx shape, never a 500', () => {
  it('unknown API route: JSON 404', async () => {
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/no/such/route' }),
      404,
      'route_not_found',
    );
  });

  it('known path, wrong method: 405 with Allow', async () => {
    const response = await test.app.inject({ method: 'DELETE', url: '/api/health' });
    expectProblem(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toContain('GET');
  });

  it('malformed JSON: 400', async () => {
    expectProblem(await post('{"email": "a@b.test",'), 400, 'malformed_json');
  });

  it('empty JSON body: 400', async () => {
    expectProblem(await post(''), 400);
  });

  it('wrong content type: 415', async () => {
    expectProblem(
      await post('email=a@b.test', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_media_type',
    );
    expectProblem(await post('hello', 'text/plain'), 415, 'unsupported_media_type');
  });

  it('oversize body: 413', async () => {
    const big = JSON.stringify({ email: 'a@b.test', consent: true, padding: 'x'.repeat(1024 * 1024) });
    expectProblem(await post(big), 413, 'body_too_large');
  });

  it('unknown fields (mass assignment): 400 with errors', async () => {
    const body = expectProblem(
      await post(JSON.stringify({ email: 'a@b.test', consent: true, status: 'APPROVED' })),
      400,
    );
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it('invalid fields: 400 naming the field', async () => {
    const body = expectProblem(
      await post(JSON.stringify({ email: 'not-an-email', consent: false })),
      400,
      'validation_failed',
    );
    expect(body.errors?.map((error) => error.field)).toEqual(
      expect.arrayContaining(['body.email', 'body.consent']),
    );
  });

  it('duplicate keys and prototype pollution: 400', async () => {
    expectProblem(await post('{"email":"a@b.test","email":"c@d.test","consent":true}'), 400, 'duplicate_key');
    expectProblem(
      await post('{"email":"a@b.test","consent":true,"__proto__":{"admin":true}}'),
      400,
      'forbidden_key',
    );
  });

  it('a valid request still works after all that, and nothing half-written stays behind', async () => {
    const response = await post(JSON.stringify({ email: 'reader@example.test', consent: true }));
    expect(response.statusCode).toBe(202);
    const rows = await test.db.query<{ email: string }>('SELECT email FROM card_waitlist');
    expect(rows).toEqual([{ email: 'reader@example.test' }]);
    const audit = await test.db.query("SELECT 1 FROM audit_log WHERE action = 'card_waitlist.joined'");
    expect(audit).toHaveLength(1);
    // Joining twice answers the same and stores nothing more.
    expect((await post(JSON.stringify({ email: 'READER@example.test', consent: true }))).statusCode).toBe(
      202,
    );
    expect(await test.db.query('SELECT 1 FROM card_waitlist')).toHaveLength(1);
  });

  it('too many requests: 429 with Retry-After, in the same shape', async () => {
    const body = JSON.stringify({ email: 'someone@example.test', consent: true });
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++)
      answers.push(await post(body, 'application/json', '10.9.9.9'));
    expect(answers.slice(0, 10).every((answer) => answer.statusCode === 202)).toBe(true);
    const limited = answers[10];
    if (!limited) throw new Error('missing answer');
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('pages outside the API', () => {
  it('sends a browser that asks for an unknown page path to the home page', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('answers 404, not a redirect to itself, when the home page is not there to serve', async () => {
    // The test app serves no built web app, as a server whose web app is being rebuilt.
    const response = await test.app.inject({
      method: 'GET',
      url: '/?walk=1',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });
});
