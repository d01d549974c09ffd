import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { openPostgresDatabase } from './db/postgres-database';
import { type ReplicatedDatabase, withReplica } from './db/replica-database';
import { SESSION_TIMER_WRITES, sha256 } from './modules/auth';
import {
  type DemoAccount,
  logInDemo,
  openFundedAccount,
  postPayment,
} from './modules/payments/testing/payment-fixtures';
import type { Session } from './testing/onboarding-helpers';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy';
import { createTestDatabase, type TestDatabase, testDatabaseDriver } from './testing/test-database';

// Which reads go to the read replica (decision 0038). The "replica" is a second pool on the
// same PostgreSQL schema, reached through a TCP proxy that can cut it; every query through it
// is counted, so a test sees which pool served a request. Its lag comes from an injected probe.
const ALICE = 'private@demo.test';
const DAY = new Date().toISOString().slice(0, 10);

describe.runIf(testDatabaseDriver() === 'postgres')('reads that may lag, with a replica', () => {
  let test: TestDatabase;
  let proxy: TcpProxy;
  let db: ReplicatedDatabase;
  let app: FastifyInstance;
  let alice: Session;
  let account: DemoAccount;
  let probedLagMs = 0;
  const onReplica: string[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('demo');
    const [row] = await test.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const replicaPool = await openPostgresDatabase({
      connectionString: url.toString(),
      poolSize: 4,
      searchPath: row?.schema ?? '',
      connectionTimeoutMs: 1_000,
      lazy: true,
    });
    const counted: Database = {
      ...replicaPool,
      query: (sql, params) => {
        onReplica.push(sql);
        return replicaPool.query(sql, params);
      },
    };
    const primary: Database = { ...test.db, close: async () => {} };
    db = withReplica(primary, counted, {
      maxLagMs: 5_000,
      checkIntervalMs: 60_000,
      probe: async () => {
        await replicaPool.query('SELECT 1');
        return probedLagMs;
      },
    });
    app = await buildApp({ config: testConfig(), db });
    await app.ready();
    account = await openFundedAccount(test.db, ALICE, 'EUR', 100_000);
    alice = await logInDemo(app, ALICE);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await proxy?.close();
    await test?.cleanup();
  });

  beforeEach(async () => {
    proxy.restore();
    probedLagMs = 0;
    await db.checkReplica();
    // Alice's last write is long past: her reads are the replica's unless a test writes.
    await test.db.query(
      `UPDATE sessions SET last_write_at = now() - interval '1 hour' WHERE last_write_at IS NOT NULL`,
    );
    onReplica.length = 0;
  });

  const get = async (url: string, session = alice) => {
    const response = await app.inject({ method: 'GET', url, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const pay = () =>
    postPayment(app, alice, {
      type: 'sepa',
      account_id: account.id,
      amount: 1_000,
      currency: 'EUR',
      recipient: { name: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });

  it('serves statements, account history and the payment list from the replica', async () => {
    for (const url of [
      '/api/client/payments',
      `/api/client/statements?account_id=${account.id}&from=${DAY}&to=${DAY}`,
      `/api/client/statements?from=${DAY}&to=${DAY}&format=csv`,
      '/api/client/statements/monthly',
      `/api/client/accounts/${account.id}/statement?from=${DAY}&to=${DAY}`,
    ]) {
      onReplica.length = 0;
      await get(url);
      expect(onReplica.length, url).toBeGreaterThan(0);
      // Sessions are never read on the replica.
      expect(onReplica.join('\n'), url).not.toMatch(/sessions/);
    }
  });

  it('decides about money on the primary: balances, a payment, its idempotency key', async () => {
    await get('/api/client/accounts');
    await get(`/api/client/accounts/${account.id}`);
    await pay();
    expect(onReplica).toEqual([]);
  });

  it('sees a write another process just marked on the session: no session is kept in memory here', async () => {
    await get('/api/client/payments');
    expect(onReplica.length).toBeGreaterThan(0);
    // Another process's request that may write marks the session with the timer's own
    // statement, which makes no process forget what it keeps (decision 0040).
    const [session] = await test.db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
      sha256(alice.token),
    ]);
    const markWrite = SESSION_TIMER_WRITES.find((sql) => sql.includes('last_write_at')) ?? '';
    await test.db.query(markWrite, [session?.id, new Date(), new Date(), false]);
    onReplica.length = 0;
    await get('/api/client/payments');
    expect(onReplica).toEqual([]);
  });

  it('reads a client’s own payment on the primary right after it (read-your-writes)', async () => {
    const created = await pay();
    const listed = await get('/api/client/payments');
    expect(onReplica).toEqual([]);
    const ids = (listed.json() as { data: { id: string }[] }).data.map((payment) => payment.id);
    expect(ids).toContain((created.json() as { data: { id: string } }).data.id);
  });

  it('moves reads to the primary while the replica lags, and back once it catches up', async () => {
    probedLagMs = 12_000;
    expect(await db.checkReplica()).toMatchObject({ state: 'lagging', lagMs: 12_000 });
    await get('/api/client/payments');
    expect(onReplica).toEqual([]);
    const health = (await get('/api/health')).json() as { data: { replica: unknown } };
    expect(health.data.replica).toMatchObject({ state: 'lagging', lag_ms: 12_000, max_lag_ms: 5_000 });

    probedLagMs = 40;
    expect(await db.checkReplica()).toMatchObject({ state: 'in_use', lagMs: 40 });
    await get('/api/client/payments');
    expect(onReplica.length).toBeGreaterThan(0);
    const ready = (await get('/api/health/ready')).json() as { data: unknown };
    expect(ready.data).toMatchObject({ status: 'ready', replica: { state: 'in_use', lag_ms: 40 } });
  });

  it('answers from the primary when the replica cannot be reached, even before a check notices', async () => {
    proxy.cut();
    // The last check found it in use: the read fails over to the primary mid-request.
    const listed = await get('/api/client/payments');
    expect((listed.json() as { meta: { total: number } }).meta.total).toBeGreaterThanOrEqual(0);
    expect(db.replicaStatus().state).toBe('unavailable');
    expect(await db.checkReplica()).toMatchObject({ state: 'unavailable', lagMs: null });
    await get(`/api/client/accounts/${account.id}/statement?from=${DAY}&to=${DAY}`);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ data: { status: 'ok', replica: { state: 'unavailable' } } });

    proxy.restore();
    expect(await db.checkReplica()).toMatchObject({ state: 'in_use' });
  });
});

describe('reads that may lag, without a replica', () => {
  it('go to the one database, and health names no replica', async () => {
    const test = await createTestDatabase('migrated');
    try {
      const reader = test.db.readerFor(null);
      expect(await reader.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(test.db.replicaStatus).toBeUndefined();
      const app = await buildApp({ config: testConfig(), db: test.db });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().data).not.toHaveProperty('replica');
      await app.close();
    } finally {
      await test.cleanup();
    }
  });
});

describe.runIf(testDatabaseDriver() === 'postgres')('a replica that is never reachable', () => {
  it('opens, reads on the primary, and says so in its status', async () => {
    const db = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      dataDir: './unused',
      databasePoolSize: 2,
      // Port 1 on this machine refuses every connection.
      databaseReplicaUrl: 'postgres://postgres@127.0.0.1:1/test',
      replicaMaxLagMs: 5_000,
      replicaCheckIntervalMs: 60_000,
    });
    try {
      const replicated = db as ReplicatedDatabase;
      expect(await replicated.checkReplica()).toMatchObject({ state: 'unavailable', lagMs: null });
      expect(await db.readerFor(null).query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
