import { describe, expect, it, vi } from 'vitest';
import { openPostgresDatabase } from '../../db/postgres-database';
import { countStatements } from '../../testing/count-statements';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { logInDemo } from '../payments/testing/payment-fixtures';
import { sha256 } from './secret-tokens';
import { SessionCache } from './session-cache';
import { sessionCacheOf } from './session-guard';
import { SESSION_TIMER_WRITES } from './session-rows';

// The session check kept in memory (session-cache.ts): a busy session costs no statement per
// request, and anything that could end a session or change its client is seen at once, whether
// this process wrote it or another one did.
const ALICE = 'private@demo.test';
const { test, sessions } = useDemoWorld({ sessions: { alice: [ALICE], bob: ['business@demo.test'] } });

const accounts = (headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: '/api/client/accounts', headers });
const payments = (headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: '/api/client/payments', headers });

describe('the session check kept in memory', () => {
  it('reads a busy session once, then answers it without a statement', async () => {
    const counter = countStatements(test.db);
    try {
      const cache = sessionCacheOf(test.db);
      await vi.waitFor(() => expect(cache.hearing).toBe(true), { timeout: 5_000, interval: 5 });
      cache.forget();
      expect((await accounts(sessions.alice.headers)).statusCode).toBe(200);
      expect(counter.take()).toEqual(['SELECT id, principal_type,', 'SELECT g.id AS']);
      expect((await accounts(sessions.alice.headers)).statusCode).toBe(200);
      expect(counter.take()).toEqual(['SELECT g.id AS']);
      // A route that needs the client's row too reads it once with the session, then keeps it.
      expect((await payments(sessions.alice.headers)).statusCode).toBe(200);
      expect(counter.take()[0]).toBe('SELECT s.id AS');
      expect((await payments(sessions.alice.headers)).statusCode).toBe(200);
      expect(counter.take().some((statement) => statement.includes('s.id'))).toBe(false);
    } finally {
      counter.restore();
    }
  });

  it('ends a session at once when this process logs it out or a statement ends it', async () => {
    const session = await logInDemo(test.app, ALICE);
    expect((await accounts(session.headers)).statusCode).toBe(200);
    const out = await test.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.headers });
    expect(out.statusCode).toBeLessThan(300);
    expectProblem(await accounts(session.headers), 401, 'session_ended');

    const other = await logInDemo(test.app, ALICE);
    expect((await accounts(other.headers)).statusCode).toBe(200);
    await test.db.query(
      `UPDATE sessions SET ended_at = now(), end_reason = 'revoked' WHERE token_hash = $1`,
      [sha256(other.token)],
    );
    expectProblem(await accounts(other.headers), 401, 'session_ended');
  });

  it('sees a change to the client at once, even inside a transaction that commits later', async () => {
    const session = await logInDemo(test.app, 'business@demo.test');
    expect((await payments(session.headers)).statusCode).toBe(200);
    await test.db.runInTransaction(async (tx) => {
      await tx.query(
        `UPDATE clients SET status = 'DEACTIVATION_REQUESTED' WHERE email = 'business@demo.test'`,
      );
    }, 'read committed');
    try {
      expectProblem(await payments(session.headers), 409, 'client_not_approved');
    } finally {
      await test.db.query(`UPDATE clients SET status = 'APPROVED' WHERE email = 'business@demo.test'`);
    }
    expect((await payments(session.headers)).statusCode).toBe(200);
  });

  it('hears another process end a session (PostgreSQL: every API process shares it)', async (context) => {
    if (test.db.driver !== 'postgres') return context.skip();
    const url = process.env.TEST_DATABASE_URL ?? '';
    const [{ search_path: searchPath } = { search_path: '' }] = await test.db.query<{ search_path: string }>(
      'SHOW search_path',
    );
    const elsewhere = await openPostgresDatabase({ connectionString: url, poolSize: 1, searchPath });
    try {
      const session = await logInDemo(test.app, ALICE);
      expect((await accounts(session.headers)).statusCode).toBe(200);
      const cache = sessionCacheOf(test.db);
      await vi.waitFor(() => expect(cache.hearing).toBe(true), { timeout: 5_000, interval: 5 });
      const before = cache.generation;
      await elsewhere.query(
        `UPDATE sessions SET ended_at = now(), end_reason = 'revoked' WHERE token_hash = $1`,
        [sha256(session.token)],
      );
      // The NOTIFY arrives on this process's listening connection shortly after the commit.
      await vi.waitFor(() => expect(cache.generation).toBeGreaterThan(before), {
        timeout: 5_000,
        interval: 5,
      });
      expectProblem(await accounts(session.headers), 401, 'session_ended');
    } finally {
      await elsewhere.close();
    }
  });
});

describe('what the cache keeps and forgets', () => {
  const row = {
    id: 's1',
    principal_type: 'client' as const,
    client_id: 'c1',
    operator_id: null,
    last_seen_at: new Date(),
    expires_at: new Date(Date.now() + 60_000),
    last_write_at: null,
  };

  it('keeps nothing while it cannot hear other processes, nor what was read before a change', () => {
    const cache = new SessionCache(SESSION_TIMER_WRITES);
    cache.keep('k', cache.generation, row, undefined);
    expect(cache.find('k')).toBeUndefined();
    cache.watcher.watching(true);
    const readFrom = cache.generation;
    cache.watcher.changed();
    cache.keep('k', readFrom, row, undefined);
    expect(cache.find('k')).toBeUndefined();
    cache.keep('k', cache.generation, row, undefined);
    expect(cache.find('k')?.row).toEqual(row);
    cache.watcher.watching(false);
    expect(cache.find('k')).toBeUndefined();
  });

  it('is concerned by writes that can end a session or change a client, not by the idle timer', () => {
    const { concerns } = new SessionCache(SESSION_TIMER_WRITES).watcher;
    for (const sql of [
      `UPDATE clients SET status = $2 WHERE id = $1`,
      `WITH x AS (UPDATE clients SET phone = $2 WHERE id = $1 RETURNING id) SELECT * FROM x`,
      `UPDATE sessions SET ended_at = $2, end_reason = $3 WHERE id = $1`,
      `DELETE FROM sessions WHERE client_id = $1`,
      `INSERT INTO clients (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = excluded.email`,
      'TRUNCATE clients CASCADE',
    ])
      expect(concerns(sql), sql).toBe(true);
    for (const sql of [
      ...SESSION_TIMER_WRITES,
      'SELECT * FROM clients WHERE id = $1 FOR UPDATE',
      'INSERT INTO sessions (token_hash) VALUES ($1)',
      'UPDATE client_accounts SET name = $2 WHERE id = $1',
    ])
      expect(concerns(sql), sql).toBe(false);
  });
});
