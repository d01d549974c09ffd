import { describe, expect, it, vi } from 'vitest';
import { countStatements } from '../../testing/count-statements';
import { type ChallengeRow, sessionCacheOf } from '../auth';
import { findChallengeFor } from '../sca';
import { findClientPaymentWithChallenge } from './payment-rows';
import { latestCode } from './testing/payment-fixtures';
import { ALICE, usePaymentsApi } from './testing/payments-api-context';

// What a payment costs the database, counted: every statement is a round trip, and on a busy
// server the round trips are the price of a request (docs/benchmarks.md, "API over HTTP").
// The bounds are the counts after that work; a change that adds a statement to the hot path
// shows here. BEGIN and COMMIT are not counted. The create reads the session (the cache is
// emptied first); the confirmation, like any request of a busy session, finds it kept in memory.
const { test, accounts, sessions, confirm, pay } = usePaymentsApi();

describe('round trips of an internal payment', () => {
  it('creates in at most 7 statements and confirms in at most 5, writing every record', async () => {
    const cache = sessionCacheOf(test.db);
    await vi.waitFor(() => expect(cache.hearing).toBe(true), { timeout: 5_000, interval: 5 });
    cache.forget();
    const counter = countStatements(test.db);
    try {
      const created = await pay(sessions.alice, {
        type: 'internal',
        account_id: accounts.aliceEur.id,
        amount: 1_000,
        currency: 'EUR',
        recipient: { name: 'Northwind Trading Ltd', account_number: accounts.bobEur.iban },
      });
      expect(created.statusCode, created.body).toBe(201);
      const createStatements = counter.take();
      const code = await latestCode(test.app, ALICE);
      // The confirmation reads the payment's challenge in the payment's own statement: the row
      // the challenge's own read gives.
      const [owner] = await test.db.query<{ client_id: string }>(
        'SELECT client_id FROM payments WHERE id = $1',
        [created.json().data.id],
      );
      const both = await findClientPaymentWithChallenge(
        test.db,
        owner?.client_id ?? '',
        created.json().data.id,
      );
      const direct = await findChallengeFor(
        test.db,
        owner?.client_id ?? '',
        both?.payment.challenge_id ?? null,
      );
      const bytes = (row: ChallengeRow | null | undefined) =>
        row ? { ...row, secret_hash: row.secret_hash && Buffer.from(row.secret_hash).toString('hex') } : row;
      expect(both?.challenge).not.toBeNull();
      // Every column of the row (the direct read also has created_at, which the row type leaves out).
      expect(bytes(direct)).toMatchObject(bytes(both?.challenge) ?? {});
      expect(Object.keys(both?.challenge ?? {})).toHaveLength(11);
      counter.take();
      const confirmed = await confirm(sessions.alice, created.json().data.id, code);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const confirmStatements = counter.take();
      expect(createStatements.length, createStatements.join('\n')).toBeLessThanOrEqual(7);
      expect(confirmStatements.length, confirmStatements.join('\n')).toBeLessThanOrEqual(5);
      // The statements that do several writes at once still write each record.
      const id = created.json().data.id;
      expect(confirmed.json().data.history.map((event: { status: string }) => event.status)).toEqual([
        'created',
        'awaiting_confirmation',
        'completed',
      ]);
      const audit = await test.db.query<{ action: string; actor_type: string }>(
        `SELECT action, actor_type FROM audit_log WHERE object_type = 'payment' AND object_id = $1 ORDER BY id`,
        [id],
      );
      expect(audit).toEqual([
        { action: 'payment.awaiting_confirmation', actor_type: 'client' },
        { action: 'payment.completed', actor_type: 'client' },
      ]);
      const notices = await test.db.query<{ status: string }>(
        `SELECT params->>'status' AS status FROM client_notifications
          WHERE kind = 'payment_status_changed' AND params->>'payment_id' = $1 ORDER BY created_at, id`,
        [id],
      );
      expect(notices.map((notice) => notice.status).sort()).toEqual(['awaiting_confirmation', 'completed']);
      // The payee is told in the same statement as the payer.
      const incoming = await test.db.query<{ body: string; params: Record<string, unknown> }>(
        `SELECT body, params FROM client_notifications
          WHERE kind = 'incoming_payment' AND params->>'account_id' = $1 ORDER BY created_at DESC, id DESC`,
        [accounts.bobEur.id],
      );
      expect(incoming[0]).toEqual({
        body: expect.stringMatching(/^You received 10\.00 EUR from /),
        params: { amount: 1_000, currency: 'EUR', account_id: accounts.bobEur.id, payer: expect.any(String) },
      });
    } finally {
      counter.restore();
    }
  });
});
