import { describe, expect, it } from 'vitest';
import { findUnsafeText } from '../lib/unsafe-text';
import { DEMO_PASSWORD, logIn, type Session } from '../testing/onboarding-helpers';
import { useTestApp } from '../testing/use-test-app';

// NUL and lone surrogates reached PostgreSQL through every text field and failed there (500).
describe('unsafe text at the edge', () => {
  const test = useTestApp({
    demo: true,
    setUp: async () => {
      alex = await logIn(test.app, 'private@demo.test', DEMO_PASSWORD);
    },
  });
  let alex: Session;

  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { errors?: { field: string }[] }).errors?.map((error) => error.field);

  it.each([
    ['a lone surrogate', '{"subject":"hi\\ud800","message":"x"}', 'body.subject'],
    ['a lone low surrogate', '{"subject":"hi","message":"x\\udc00y"}', 'body.message'],
    ['NUL', '{"subject":"hi\\u0000","message":"x"}', 'body.subject'],
  ])('refuses %s in a body field with a 400 naming the field', async (_name, payload, field) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/client/tickets',
      headers: { ...alex.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(fieldsOf(response.body)).toEqual([field]);
  });

  it('keeps a well-formed pair of surrogates (an emoji)', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/client/tickets',
      headers: { ...alex.headers, 'content-type': 'application/json' },
      payload: '{"subject":"hi \\ud83d\\ude00","message":"x"}',
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses NUL in a query string and in a path parameter', async () => {
    const query = await test.app.inject({ method: 'GET', url: '/api/dev/outbox?to=abcd%00' });
    expect(query.statusCode, query.body).toBe(400);
    expect(fieldsOf(query.body)).toEqual(['querystring.to']);
    const path = await test.app.inject({
      method: 'GET',
      url: '/api/client/tickets/ab%00cd',
      headers: alex.headers,
    });
    expect(path.statusCode, path.body).toBe(400);
    expect(fieldsOf(path.body)).toEqual(['params.id']);
  });

  it('skips the bytes of an uploaded file instead of walking each byte', () => {
    // An own property on the bytes is never reached: the walk does not enter them at all.
    const file = Object.assign(Buffer.alloc(1_000_000, 0), { marker: 'x\u0000' });
    expect(findUnsafeText({ multipart: file, contentType: 'multipart/form-data' }, 'body')).toBeUndefined();
    expect(findUnsafeText({ multipart: file, contentType: 'x\u0000' }, 'body')?.field).toBe(
      'body.contentType',
    );
  });

  it('walks keys and refuses nesting deeper than any form', () => {
    expect(findUnsafeText({ a: [{ 'b\u0000': 1 }] }, 'body')?.field).toBe('body.a.0');
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnsafeText(deep, 'body')?.code).toBe('too_deep');
    expect(findUnsafeText({ a: ['ok', { b: 'fine' }] }, 'body')).toBeUndefined();
  });
});
