import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import type { Database } from './db/database';
import { openPostgresDatabase } from './db/postgres-database';
import { withTransaction } from './db/transaction';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy';
import { createTestDatabase, type TestDatabase, testDatabaseDriver } from './testing/test-database';

// A database that goes away must cost the requests that needed it a 503 with Retry-After,
// never the process, and the process must serve again once the database is back.

const ANONYMOUS = { authorization: `Bearer ${'a'.repeat(43)}` };
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

beforeAll(() => {
  process.on('uncaughtException', recordUncaught);
});
afterAll(() => {
  process.off('uncaughtException', recordUncaught);
});
afterEach(() => {
  expect(uncaught).toEqual([]);
});

function expectUnavailable(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status: 503, code: 'database_unavailable' });
}

describe('a closed embedded database', () => {
  it('answers 503 database_unavailable, and the health check says the database is down', async () => {
    const test = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), db: test.db });
    await app.ready();
    await test.cleanup();
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/client/data', headers: ANONYMOUS }));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data.database).toBe('unavailable');
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json().data.database]).toEqual([503, 'unavailable']);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });
});

describe.runIf(testDatabaseDriver() === 'postgres')('PostgreSQL going away', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  let test: TestDatabase;
  let schema: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const [row] = await test.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    schema = row?.schema ?? '';
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  async function terminateBackend(pid: number) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
  }

  /** The real application plus one route that holds a transaction open until told to go on. */
  async function appWithHeldTransaction(db: Database) {
    const app = await buildApp({ config: testConfig(), db });
    let onPid: (pid: number) => void = () => {};
    let proceed: (statement: string) => void = () => {};
    app.post('/test/held-transaction', async () => {
      await withTransaction(db, async (tx) => {
        const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const next = new Promise<string>((resolve) => {
          proceed = resolve;
        });
        onPid(row?.pid ?? 0);
        await tx.query(await next);
      });
      return { data: 'committed' };
    });
    await app.ready();
    const started = () =>
      new Promise<number>((resolve) => {
        onPid = resolve;
      });
    return { app, started, proceed: (statement: string) => proceed(statement) };
  }

  for (const [when, statement, pause] of [
    ['while it waits between statements', 'SELECT 1', 300],
    ['during a statement', 'SELECT pg_sleep(5)', 0],
  ] as const) {
    it(`survives a backend terminated mid-transaction ${when}: 503, then the next requests succeed`, async () => {
      const db = await openPostgresDatabase({ connectionString: serverUrl, poolSize: 2, searchPath: schema });
      const { app, started, proceed } = await appWithHeldTransaction(db);
      const pid = started();
      const pending = app.inject({ method: 'POST', url: '/test/held-transaction' });
      const backend = await pid;
      if (pause === 0) {
        proceed(statement);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await terminateBackend(backend);
      } else {
        await terminateBackend(backend);
        await new Promise((resolve) => setTimeout(resolve, pause));
        proceed(statement);
      }
      expectUnavailable(await pending);

      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const again = started();
      const next = app.inject({ method: 'POST', url: '/test/held-transaction' });
      await again;
      proceed('SELECT 1');
      expect((await next).statusCode).toBe(200);
      await app.close();
      await db.close();
    });
  }

  describe('unreachable for a while, then back', () => {
    let proxy: TcpProxy;
    let proxyUrl: string;
    let db: Database;
    let app: FastifyInstance;

    beforeAll(async () => {
      const server = new URL(serverUrl);
      proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      const viaProxy = new URL(serverUrl);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      proxyUrl = viaProxy.toString();
      db = await openPostgresDatabase({
        connectionString: viaProxy.toString(),
        poolSize: 3,
        searchPath: schema,
        connectionTimeoutMs: 1_000,
      });
      app = await buildApp({ config: testConfig(), db });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
      await proxy?.close();
    });

    it('answers 503 with Retry-After while the database is down and recovers by itself', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/api/client/data', headers: ANONYMOUS })).statusCode,
      ).toBe(401);
      proxy.cut();
      for (let request = 0; request < 3; request++) {
        expectUnavailable(await app.inject({ method: 'GET', url: '/api/client/data', headers: ANONYMOUS }));
      }
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().data).toMatchObject({ status: 'unavailable', database: 'unavailable' });
      expect(down.headers['retry-after']).toBe('5');

      proxy.restore();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/api/client/data', headers: ANONYMOUS })).statusCode,
      ).toBe(401);
    });

    it('waits at start for a server that is not reachable yet, and gives up after a bound', async () => {
      proxy.cut();
      const settings = {
        connectionString: proxyUrl,
        poolSize: 1,
        searchPath: schema,
        connectionTimeoutMs: 500,
      };
      await expect(openPostgresDatabase({ ...settings, startupWaitMs: 300 })).rejects.toThrow();
      const opening = openPostgresDatabase({ ...settings, startupWaitMs: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      proxy.restore();
      const late = await opening;
      expect(await late.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await late.close();
    });
  });
});
