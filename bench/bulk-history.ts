import type { Queryable } from '../apps/api/src/db/database';

// A long posted history written straight into the ledger's tables in one statement, for
// benchmarks and tests of long statements: a million transfers through the write path would
// take far longer than what they measure. Every entry is arithmetically right (each balance
// is the last plus the line, balances never go below zero), and the account's balance row ends
// where its entries do; the counter account's side is left out, so run no invariant check
// on a database this has written to.

const BULK_SQL = `
WITH lines AS (
  SELECT n, (CASE WHEN n % 4 = 0 THEN 'debit' ELSE 'credit' END) AS side,
    (CASE WHEN n % 4 = 0 THEN 250 ELSE 100 + n % 97 END)::bigint AS amount,
    $4::timestamptz + (n * $5::bigint) * interval '1 millisecond' AS at
  FROM generate_series(1, $3::integer) n
), running AS (
  SELECT *, sum(CASE WHEN side = 'credit' THEN amount ELSE -amount END) OVER (ORDER BY n) AS after FROM lines
), transfers AS (
  INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_minor, currency, code,
    reference_type, reference_id, event_at, created_at)
  SELECT 'bulk:' || $1 || ':' || n, 'posted',
    CASE WHEN side = 'debit' THEN $1 ELSE $2 END, CASE WHEN side = 'debit' THEN $2 ELSE $1 END,
    amount, $6, CASE WHEN side = 'debit' THEN 'payment_fee' ELSE 'incoming_payment' END, 'bulk', n::text, at, at
  FROM running RETURNING 1
), entries AS (
  INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, posted_amount_minor,
    pending_delta_minor, balance_before_minor, balance_after_minor, created_at)
  SELECT $1, n, 'bulk:' || $1 || ':' || n, side, amount, 0,
    after - CASE WHEN side = 'credit' THEN amount ELSE -amount END, after, at
  FROM running RETURNING 1
)
SELECT (SELECT count(*) FROM transfers)::integer AS transfers, (SELECT count(*) FROM entries)::integer AS entries,
  (SELECT sum(amount) FILTER (WHERE side = 'credit') FROM running)::bigint AS credits,
  (SELECT sum(amount) FILTER (WHERE side = 'debit') FROM running)::bigint AS debits,
  (SELECT max(at) FROM running) AS last_at`;

/**
 * Writes `entries` posted lines on a fresh client account (no entries yet), one every `stepMs`
 * from `start`, against `counterAccountId` in the same currency.
 */
export async function writeBulkHistory(
  db: Queryable,
  input: {
    accountId: string;
    counterAccountId: string;
    currency: string;
    entries: number;
    start: Date;
    stepMs: number;
  },
): Promise<void> {
  const [row] = await db.query<{ credits: number; debits: number; last_at: Date }>(BULK_SQL, [
    input.accountId,
    input.counterAccountId,
    input.entries,
    input.start,
    input.stepMs,
    input.currency,
  ]);
  if (!row) throw new Error('bulk history wrote nothing');
  await db.query(
    `UPDATE ledger_balances SET credits_posted_minor = credits_posted_minor + $2,
       debits_posted_minor = debits_posted_minor + $3, version = version + $4, last_entry_at = $5
     WHERE account_id = $1`,
    [input.accountId, row.credits, row.debits, input.entries, row.last_at],
  );
}
