import { assertMinorUnits } from '@bluepeak/core';
import type { LaggingReader, Queryable } from '../../db/database';
import type { EntryColumns, LedgerEntry } from './account-statement';
import { toDate } from './rows';

// Long statements read an account's posted entries a page at a time: a keyset on the
// (account_id, created_at, account_version) index, so the thousandth page of a million-entry
// account costs what the first page of a small one does, and no reader ever holds a whole
// period in memory. Only unsharded accounts (every client account) are read this way.

/** Where the next page starts: the last entry already read. */
export type EntryCursor = { createdAt: Date; accountVersion: number };

export type PostedBalances = { currency: string; openingMinor: number; closingMinor: number };

const MAX_PAGE_ENTRIES = 5_000;

const BALANCES_SQL = `
SELECT a.currency, a.shard_count,
  coalesce((SELECT balance_after_minor FROM ledger_entries WHERE account_id = a.id AND created_at < $2
    ORDER BY created_at DESC, account_version DESC LIMIT 1), 0)::bigint AS opening_minor,
  coalesce((SELECT balance_after_minor FROM ledger_entries WHERE account_id = a.id AND created_at < $3
    ORDER BY created_at DESC, account_version DESC LIMIT 1), 0)::bigint AS closing_minor
FROM ledger_accounts a WHERE a.id = $1`;

/** The posted balance of an account at `from` and at `to` (both exclusive ends), or undefined. */
export async function postedBalancesAround(
  db: LaggingReader,
  accountId: string,
  period: { from: Date; to: Date },
): Promise<PostedBalances | undefined> {
  const [row] = await db.query<{
    currency: string;
    shard_count: number;
    opening_minor: number;
    closing_minor: number;
  }>(BALANCES_SQL, [accountId, period.from, period.to]);
  if (!row) return undefined;
  if (row.shard_count !== 1)
    throw new RangeError(`Account ${accountId} is sharded; read its statement whole`);
  return {
    currency: row.currency,
    openingMinor: assertMinorUnits(row.opening_minor),
    closingMinor: assertMinorUnits(row.closing_minor),
  };
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

type PageRow = EntryColumns & {
  balance_before_minor: number;
  balance_after_minor: number;
  event_at: Date | string;
  created_at: Date | string;
};

/**
 * One page of the account's posted entries in [from, to), after `after` (or from the start),
 * oldest first. Holds are not read: they move no posted money.
 */
export async function readPostedEntryPage(
  db: LaggingReader,
  accountId: string,
  page: { from: Date; to: Date; after?: EntryCursor; limit: number },
): Promise<LedgerEntry[]> {
  if (!Number.isSafeInteger(page.limit) || page.limit < 1 || page.limit > MAX_PAGE_ENTRIES) {
    throw new RangeError(`A page holds 1 to ${MAX_PAGE_ENTRIES} entries`);
  }
  const after = page.after ?? { createdAt: page.from, accountVersion: 0 };
  const rows = await db.query<PageRow>(PAGE_SQL, [
    accountId,
    page.to,
    after.createdAt,
    after.accountVersion,
    page.limit,
  ]);
  return rows.map((row) => ({
    accountId,
    accountVersion: assertMinorUnits(row.account_version),
    transferId: row.transfer_id,
    transferKind: row.transfer_kind,
    code: row.code,
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    side: row.side,
    postedAmountMinor: assertMinorUnits(row.posted_amount_minor),
    pendingDeltaMinor: assertMinorUnits(row.pending_delta_minor),
    balanceBeforeMinor: assertMinorUnits(row.balance_before_minor),
    balanceAfterMinor: assertMinorUnits(row.balance_after_minor),
    eventAt: toDate(row.event_at),
    createdAt: toDate(row.created_at),
  }));
}

const DAILY_SQL = `
SELECT coalesce((SELECT balance_after_minor FROM ledger_entries WHERE account_id = $1 AND created_at < day_end
  ORDER BY created_at DESC, account_version DESC LIMIT 1), 0)::bigint AS balance_minor
FROM generate_series($2::timestamptz + interval '1 day', $2::timestamptz + $3::integer * interval '1 day',
  interval '1 day') AS day_end
ORDER BY day_end`;

/**
 * The account's posted balance at the end of each of `days` days from `from` (UTC midnight),
 * one backwards index probe per day: what a holding fee averages (docs/decisions/0022).
 */
export async function dailyClosingBalances(
  db: Queryable,
  accountId: string,
  period: { from: Date; days: number },
): Promise<number[]> {
  if (!Number.isInteger(period.days) || period.days < 1 || period.days > 366) {
    throw new RangeError('Daily balances cover 1 to 366 days');
  }
  const rows = await db.query<{ balance_minor: number }>(DAILY_SQL, [accountId, period.from, period.days]);
  return rows.map((row) => assertMinorUnits(row.balance_minor));
}
