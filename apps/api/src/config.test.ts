import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for the embedded demo', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoMode).toBe(true);
    expect(config.botCheck).toBe(true);
  });

  it('reports errors only to a DSN it is given, the web app to its own if set', () => {
    expect(loadConfig({}).errorReporting).toBeUndefined();
    expect(loadConfig({}).webErrorReportingDsn).toBeUndefined();
    const dsn = 'https://0123abcd@errors.example.com/7';
    const config = loadConfig({
      ERROR_REPORTING_DSN: dsn,
      NODE_ENV: 'production',
      ERROR_REPORTING_RELEASE: '1.4.0',
    });
    expect(config.errorReporting).toEqual({ dsn, environment: 'production', release: '1.4.0' });
    expect(config.webErrorReportingDsn).toBe(dsn);
    const web = 'https://ffff@glitchtip.example.com/errors/3';
    expect(loadConfig({ ERROR_REPORTING_DSN: dsn, ERROR_REPORTING_WEB_DSN: web }).webErrorReportingDsn).toBe(
      web,
    );
  });

  it('refuses a DSN without a key or a project', () => {
    for (const bad of [
      'https://errors.example.com/1',
      'https://key@errors.example.com/',
      'ftp://k@x.example/1',
    ]) {
      expect(() => loadConfig({ ERROR_REPORTING_DSN: bad }), bad).toThrow(/ERROR_REPORTING_DSN/);
    }
  });

  it('keeps demo mode off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'on' }).demoMode).toBe(true);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });

  it('keeps the default demo mode on a loopback address, and exposes it only when asked to', () => {
    for (const HOST of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(loadConfig({ HOST }).demoMode, HOST).toBe(true);
    }
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'bluepeak.example']) {
      expect(() => loadConfig({ HOST }), HOST).toThrow(/HOST: demo mode[\s\S]*DEMO_MODE=on/);
      expect(loadConfig({ HOST, DEMO_MODE: 'on' }).demoMode).toBe(true);
      expect(loadConfig({ HOST, DEMO_MODE: 'off' }).demoMode).toBe(false);
      expect(loadConfig({ HOST, NODE_ENV: 'production' }).demoMode).toBe(false);
    }
  });

  it('tells loopback addresses from others', () => {
    expect(['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', 'LOCALHOST'].every(isLoopbackHost)).toBe(
      true,
    );
    expect(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'localhost.example', '::2'].some(isLoopbackHost)).toBe(
      false,
    );
  });

  it('fsyncs the embedded database by default and refuses to run production without it', () => {
    expect(loadConfig({}).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: 'off' }).pgliteFsync).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', PGLITE_FSYNC: 'off' })).toThrow(
      /PGLITE_FSYNC: must be on in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).pgliteFsync).toBe(true);
    const external = { NODE_ENV: 'production', PGLITE_FSYNC: 'off', DATABASE_URL: 'postgres://db/bluepeak' };
    expect(loadConfig(external).databaseUrl).toBe('postgres://db/bluepeak');
  });

  it('runs one process doing everything by default, and several only on PostgreSQL', () => {
    const defaults = loadConfig({});
    expect([defaults.role, defaults.webConcurrency, defaults.drainDelayMs]).toEqual(['all', 1, 0]);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: above 1 needs DATABASE_URL/);
    const shared = loadConfig({ WEB_CONCURRENCY: '4', ROLE: 'api', DATABASE_URL: 'postgres://db/bluepeak' });
    expect([shared.role, shared.webConcurrency]).toEqual(['api', 4]);
    expect(() => loadConfig({ ROLE: 'cron' })).toThrow(/ROLE/);
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    expect(loadConfig({}).databaseReplicaUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/bluepeak' })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    const replicated = loadConfig({
      DATABASE_URL: 'postgres://db/bluepeak',
      DATABASE_REPLICA_URL: 'postgres://replica/bluepeak',
    });
    expect([
      replicated.databaseReplicaUrl,
      replicated.replicaMaxLagMs,
      replicated.replicaCheckIntervalMs,
    ]).toEqual(['postgres://replica/bluepeak', 5_000, 1_000]);
  });

  it('takes a direct address to LISTEN on only beside a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://pooler/bluepeak' }).databaseListenUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://db/bluepeak' })).toThrow(
      /DATABASE_LISTEN_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://pooler/bluepeak', DATABASE_LISTEN_URL: 'mysql://db/x' }),
    ).toThrow(/DATABASE_LISTEN_URL/);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://pooler/bluepeak',
        DATABASE_LISTEN_URL: 'postgres://db/bluepeak',
      }).databaseListenUrl,
    ).toBe('postgres://db/bluepeak');
  });
});
