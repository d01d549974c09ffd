import type { LaggingReader, Queryable } from '../../db/database';
import type { EntrySide } from './batch-state';
import type { AccountKind, TransferKind } from './types';

// The reads of ledger_entries (with their transfers' facts). An account's entry times never go
// backwards, so a period is one contiguous range of the (account_id, created_at, version) index,
// and a balance at a moment is one backwards index probe.

/** The columns every read of an account's entries selects: the entry and its transfer's facts. */
export type EntryColumns = {
  account_version: number;
  transfer_id: string;
  transfer_kind: TransferKind;
  code: string;
  reference_type: string;
  reference_id: string;
  side: EntrySide;
  posted_amount_minor: number;
  pending_delta_minor: number;
};

export type EntryJson = EntryColumns & {
  account_id: string;
  event_at: string;
  created_at: string;
};

export type StatementRow = {
  currency: string;
  opening_balance_minor: number;
  closing_balance_minor: number;
  entries: EntryJson[] | null;
};

const STATEMENT_SQL = `
WITH target AS (
  SELECT id, currency FROM ledger_accounts WHERE id = $1
), members AS (
  SELECT id FROM ledger_accounts WHERE id = $1 AND shard_count = 1
  UNION ALL SELECT id FROM ledger_accounts WHERE shard_of = $1
)
SELECT target.currency,
  (SELECT coalesce(sum(edge.balance), 0)::bigint FROM members m CROSS JOIN LATERAL (
    SELECT balance_after_minor AS balance FROM ledger_entries
    WHERE account_id = m.id AND created_at < $2 ORDER BY created_at DESC, account_version DESC LIMIT 1) edge)
    AS opening_balance_minor,
  (SELECT coalesce(sum(edge.balance), 0)::bigint FROM members m CROSS JOIN LATERAL (
    SELECT balance_after_minor AS balance FROM ledger_entries
    WHERE account_id = m.id AND created_at < $3 ORDER BY created_at DESC, account_version DESC LIMIT 1) edge)
    AS closing_balance_minor,
  (SELECT json_agg(p) FROM (
    SELECT e.account_id, e.account_version, e.transfer_id, t.kind AS transfer_kind, t.code, t.reference_type,
      t.reference_id, e.side, e.posted_amount_minor, e.pending_delta_minor, t.event_at, e.created_at
    FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE e.account_id IN (SELECT id FROM members) AND e.created_at >= $2 AND e.created_at < $3
    ORDER BY e.created_at, e.account_id, e.account_version
    LIMIT $4
  ) p) AS entries
FROM target`;

/**
 * An account's balance at `from` and at `to` (each exclusive) and up to `limit` of its entries in
 * [from, to), oldest first, in one statement and so one snapshot; a sharded account's balances
 * are its shards' sums and its entries theirs merged. None when the account does not exist.
 */
export async function findStatementRow(
  db: LaggingReader,
  accountId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<StatementRow | undefined> {
  const [row] = await db.query<StatementRow>(STATEMENT_SQL, [accountId, from, to, limit]);
  return row;
}

const BALANCES_SQL = `
SELECT a.currency, a.shard_count,
  coalesce((SELECT balance_after_minor FROM ledger_entries WHERE account_id = a.id AND created_at < $2
    ORDER BY created_at DESC, account_version DESC LIMIT 1), 0)::bigint AS opening_minor,
  coalesce((SELECT balance_after_minor FROM ledger_entries WHERE account_id = a.id AND created_at < $3
    ORDER BY created_at DESC, account_version DESC LIMIT 1), 0)::bigint AS closing_minor
FROM ledger_accounts a WHERE a.id = $1`;

/** An unsharded account's posted balance at `from` and at `to` (both exclusive ends), or none. */
export async function findBalancesAround(
  db: LaggingReader,
  accountId: string,
  from: Date,
  to: Date,
): Promise<
  { currency: string; shard_count: number; opening_minor: number; closing_minor: number } | undefined
> {
  const [row] = await db.query<{
    currency: string;
    shard_count: number;
    opening_minor: number;
    closing_minor: number;
  }>(BALANCES_SQL, [accountId, from, to]);
  return row;
}

const PAGE_SQL = `
SELECT e.account_version, e.transfer_id, t.kind AS transfer_kind, t.code, t.reference_type, t.reference_id,
  e.side, e.posted_amount_minor, e.pending_delta_minor, e.balance_before_minor, e.balance_after_minor,
  t.event_at, e.created_at
FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
WHERE e.account_id = $1 AND e.created_at < $2 AND (e.created_at, e.account_version) > ($3, $4)
  AND e.posted_amount_minor > 0
ORDER BY e.created_at, e.account_version
LIMIT $5`;

export type PageRow = EntryColumns & {
  balance_before_minor: number;
  balance_after_minor: number;
  event_at: Date | string;
  created_at: Date | string;
};

/**
 * Up to `limit` posted entries of an account before `to` and after the entry at (`afterCreatedAt`,
 * `afterVersion`), oldest first: a keyset on the (account_id, created_at, account_version) index.
 */
export function listPostedEntryPage(
  db: LaggingReader,
  accountId: string,
  to: Date,
  afterCreatedAt: Date,
  afterVersion: number,
  limit: number,
): Promise<PageRow[]> {
  return db.query<PageRow>(PAGE_SQL, [accountId, to, afterCreatedAt, afterVersion, limit]);
}

const DAILY_SQL = `
SELECT coalesce((SELECT balance_after_minor FROM ledger_entries WHERE account_id = $1 AND created_at < day_end
  ORDER BY created_at DESC, account_version DESC LIMIT 1), 0)::bigint AS balance_minor
FROM generate_series($2::timestamptz + interval '1 day', $2::timestamptz + $3::integer * interval '1 day',
  interval '1 day') AS day_end
ORDER BY day_end`;

/** The account's posted balance at the end of each of `days` days from `from`, in order. */
export function listDailyClosingBalances(
  db: Queryable,
  accountId: string,
  from: Date,
  days: number,
): Promise<{ balance_minor: number }[]> {
  return db.query<{ balance_minor: number }>(DAILY_SQL, [accountId, from, days]);
}

/**
 * Every account's posted balance at `asOf` (after its last entry before then), summed per
 * currency and kind, ordered by both.
 */
export function listBalancesByKindAt(
  db: Queryable,
  asOf: Date,
): Promise<{ currency: string; kind: AccountKind; balance_minor: number }[]> {
  return db.query<{ currency: string; kind: AccountKind; balance_minor: number }>(
    `SELECT a.currency, a.kind, COALESCE(sum(last.balance_after_minor), 0)::bigint AS balance_minor
     FROM ledger_accounts a
     LEFT JOIN LATERAL (
       SELECT e.balance_after_minor FROM ledger_entries e
       WHERE e.account_id = a.id AND e.created_at < $1
       ORDER BY e.account_version DESC LIMIT 1
     ) last ON true
     GROUP BY a.currency, a.kind ORDER BY a.currency, a.kind`,
    [asOf],
  );
}
