import { describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../ledger';
import { balanceOf } from '../payments/testing/payment-fixtures';
import { CONFIRM_CHUNK_ROWS } from './confirm-batch';
import { useBatchApi } from './testing/batch-api';

// Confirming a batch writes its payments, rail submissions and holds a chunk of rows at a time,
// all in one transaction (decision 0034): a batch of more than one chunk is written whole, and a
// failure in a later chunk leaves nothing of the earlier ones behind.
const { test, accounts, sessions, call, batchAwaitingCode, confirmWithCode, confirmedBatch } = useBatchApi();

describe('confirming a batch of more than one chunk', () => {
  it('writes a batch of more than one chunk whole: each row its payment, hold and fee hold', async () => {
    const rows = CONFIRM_CHUNK_ROWS + 1;
    const id = await confirmedBatch(rows, 50_000);
    const [counts] = await test.db.query<{
      paid: number;
      payments: number;
      holds: number;
      fees: number;
      charged: number;
    }>(
      `SELECT count(r.payment_id)::int AS paid, count(DISTINCT p.id)::int AS payments,
              count(h.id)::int AS holds, count(f.id) FILTER (WHERE p.fee_minor > 0)::int AS fees,
              count(*) FILTER (WHERE p.fee_minor > 0)::int AS charged
         FROM payment_batch_rows r JOIN payments p ON p.id = r.payment_id
         LEFT JOIN ledger_transfers h ON h.id = 'payment:' || p.id || ':hold'
         LEFT JOIN ledger_transfers f ON f.id = 'payment:' || p.id || ':fee'
        WHERE r.batch_id = $1`,
      [id],
    );
    expect(counts).toMatchObject({ paid: rows, payments: rows, holds: rows });
    expect(counts?.fees).toBe(counts?.charged);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  }, 120_000);

  it('keeps nothing: the chunks written before it roll back with it, and the money stays', async () => {
    const rows = CONFIRM_CHUNK_ROWS + 1;
    const firstAmount = 20_000;
    const lastAmount = firstAmount + rows - 1;
    // A database that refuses the last row's payment, as a constraint or a lost connection
    // would, after the first chunk's payments and holds are written.
    await test.db.query(
      `CREATE FUNCTION test_refuse_payment() RETURNS trigger LANGUAGE plpgsql
         AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await test.db.query(
      `CREATE TRIGGER test_refuse_payment BEFORE INSERT ON payments FOR EACH ROW
         WHEN (NEW.amount_minor = ${lastAmount}) EXECUTE FUNCTION test_refuse_payment()`,
    );
    try {
      const before = await balanceOf(test.db, accounts.aEur);
      const id = await batchAwaitingCode(rows, firstAmount);
      const confirmed = await confirmWithCode(id);
      expect(confirmed.statusCode, confirmed.body).toBeGreaterThanOrEqual(500);

      const [kept] = await test.db.query<{ linked: number; payments: number; holds: number }>(
        `SELECT (SELECT count(payment_id)::int FROM payment_batch_rows WHERE batch_id = $1) AS linked,
                (SELECT count(*)::int FROM payments WHERE amount_minor BETWEEN $2 AND $3) AS payments,
                (SELECT count(*)::int FROM ledger_transfers t JOIN payments p ON t.id = 'payment:' || p.id || ':hold'
                  WHERE p.amount_minor BETWEEN $2 AND $3) AS holds`,
        [id, firstAmount, lastAmount],
      );
      expect(kept).toEqual({ linked: 0, payments: 0, holds: 0 });
      expect((await call(sessions.a, 'GET', `/${id}`)).json().data.status).toBe('draft');
      expect(await balanceOf(test.db, accounts.aEur)).toEqual(before);
      expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
    } finally {
      await test.db.query('DROP TRIGGER test_refuse_payment ON payments');
      await test.db.query('DROP FUNCTION test_refuse_payment()');
    }
  }, 120_000);
});
