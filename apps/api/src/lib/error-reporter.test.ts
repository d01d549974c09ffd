import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type FakeErrorCollector, startFakeErrorCollector } from '../testing/fake-error-collector';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { noErrorReporter, reportingLogger, startErrorReporter } from './error-reporter';

// docs/reliability.md, "Error reporting": a bug reaches the error-reporting service with no
// personal data in it; an answer the product foresees (401 above all) never does.
const IBAN = 'DE89370400440532013000';
const EMAIL = 'anna.meier@example.com';
const TOKEN = 'q8Zr3kLm0pV7xYt2Wn5Bc9Hd4Jf6Gs1AeUiO';

describe('error reporting', () => {
  let collector: FakeErrorCollector | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await collector?.close();
    await database?.cleanup();
    collector = undefined;
    database = undefined;
  });

  async function appReportingTo(dsn: string | undefined): Promise<FastifyInstance> {
    database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(dsn ? { ERROR_REPORTING_DSN: dsn } : {}),
      db: database.db,
    });
    // A route with a bug, as a real one would have: it fails while holding personal data.
    app.post('/api/test-only/failing', async () => {
      throw new Error(`could not settle ${IBAN} for ${EMAIL} with session ${TOKEN}`);
    });
    await app.ready();
    return app;
  }

  it('sends a 500 scrubbed of IBANs, e-mail addresses and tokens, and no 401 or other 4xx', async () => {
    collector = await startFakeErrorCollector();
    const app = await appReportingTo(collector.dsn);
    const unauthorised = await app.inject({ method: 'GET', url: '/api/client/data' });
    expect(unauthorised.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    const failed = await app.inject({
      method: 'POST',
      url: `/api/test-only/failing?token=${TOKEN}&email=${EMAIL}`,
      headers: { authorization: `Bearer ${TOKEN}`, cookie: `bp_session=${TOKEN}`, 'user-agent': 'test' },
      payload: { iban: IBAN, email: EMAIL, first_name: 'Anna' },
    });
    expect(failed.statusCode).toBe(500);
    await app.close(); // sends what is queued

    const events = collector.events();
    expect(events).toHaveLength(1);
    const [{ raw, event }] = events as [(typeof events)[0]];
    for (const secret of [IBAN, EMAIL, TOKEN, 'Anna']) expect(raw).not.toContain(secret);
    expect(collector.envelopes.join('\n')).not.toContain(IBAN);
    expect(event).toMatchObject({
      level: 'error',
      environment: 'test',
      tags: { method: 'POST', route: '/api/test-only/failing' },
      extra: { request_id: failed.headers['x-request-id'] },
      exception: {
        values: [{ type: 'Error', value: 'could not settle [iban] for [email] with session [redacted]' }],
      },
    });
    expect(event).not.toHaveProperty('user');
  });

  it('allows the collector in the CSP only when a DSN is set', async () => {
    collector = await startFakeErrorCollector();
    const reporting = await appReportingTo(collector.dsn);
    const csp = (await reporting.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(csp).toContain(`connect-src 'self' ${new URL(collector.dsn).origin}`);
    const meta = (await reporting.inject({ method: 'GET', url: '/api/meta' })).json();
    expect(meta.data.error_reporting_dsn).toBe(collector.dsn);
    await reporting.close();
    await database?.cleanup();
    database = undefined;

    const silent = await appReportingTo(undefined);
    const plainCsp = (await silent.inject({ method: 'GET', url: '/api/health' })).headers[
      'content-security-policy'
    ];
    expect(plainCsp).toContain("connect-src 'self';");
    expect(
      (await silent.inject({ method: 'GET', url: '/api/meta' })).json().data.error_reporting_dsn,
    ).toBeNull();
    await silent.inject({ method: 'POST', url: '/api/test-only/failing', payload: {} });
    await silent.close();
    expect(collector.envelopes).toEqual([]);
  });

  it('without a DSN loads no SDK at all', async () => {
    expect(await startErrorReporter(undefined)).toBe(noErrorReporter);
  });

  it("reports a background job's logged failure, named after the job", async () => {
    collector = await startFakeErrorCollector();
    const reporter = await startErrorReporter({ dsn: collector.dsn, environment: 'test' });
    const lines: unknown[] = [];
    const log = { info: () => {}, warn: () => {}, error: (...fields: unknown[]) => lines.push(fields) };
    reportingLogger(log, reporter, 'outbox-delivery').error({ err: new Error(`bounce ${EMAIL}`) }, 'failed');
    await reporter.close(2000);
    expect(lines).toHaveLength(1);
    expect(collector.events().map(({ event }) => event)).toMatchObject([
      { tags: { job: 'outbox-delivery' }, exception: { values: [{ value: 'bounce [email]' }] } },
    ]);
  });
});
