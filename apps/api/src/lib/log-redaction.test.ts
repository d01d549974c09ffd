import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

// Logs end up in places with weaker controls than the database, so secrets never reach them.
describe('structured logs', () => {
  let database: TestDatabase;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());

  it('never contain tokens, cookies, passwords or whole IBANs', async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: database.db,
      logStream: stream,
    });
    await app.inject({
      method: 'GET',
      url: '/api/client/iban/GB33BUKB20201555555555/check?hash=s3cret-hash',
      headers: { authorization: 'Bearer tok-abcdef-123456', cookie: 'bp__token=tok-abcdef-123456' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/public/card-waitlist',
      payload: { email: 'x@example.test', consent: true, password: 'Hunter2-secret' },
    });
    await app.close();
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(text).toContain('GB33…5555');
    for (const secret of ['GB33BUKB20201555555555', 's3cret-hash', 'tok-abcdef-123456', 'Hunter2-secret']) {
      expect(text).not.toContain(secret);
    }
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    // One line per answered request, its URL masked.
    const answered = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');
    expect(answered.map(({ method, url, statusCode }) => ({ method, url, statusCode }))).toEqual([
      {
        method: 'GET',
        url: '/api/client/iban/GB33…5555/check?hash=[redacted]',
        statusCode: expect.any(Number),
      },
      { method: 'POST', url: '/api/public/card-waitlist', statusCode: expect.any(Number) },
    ]);
    for (const line of answered) expect(line.responseTime).toBeGreaterThanOrEqual(0);
  });
});
