import { assertMinorUnits } from '@bluepeak/core';
import type { LaggingReader, Queryable } from '../../db/database';
import type { LedgerEntry } from './account-statement';
import { findBalancesAround, listDailyClosingBalances, listPostedEntryPage } from './entry-rows';
import { toDate } from './rows';

// Long statements read an account's posted entries a page at a time: a keyset on the
// (account_id, created_at, account_version) index, so the thousandth page of a million-entry
// account costs what the first page of a small one does, and no reader ever holds a whole
// period in memory. Only unsharded accounts (every client account) are read this way.

/** Where the next page starts: the last entry already read. */
export type EntryCursor = { createdAt: Date; accountVersion: number };

export type PostedBalances = { currency: string; openingMinor: number; closingMinor: number };

const MAX_PAGE_ENTRIES = 5_000;

/** The posted balance of an account at `from` and at `to` (both exclusive ends), or undefined. */
export async function postedBalancesAround(
  db: LaggingReader,
  accountId: string,
  period: { from: Date; to: Date },
): Promise<PostedBalances | undefined> {
  const row = await findBalancesAround(db, accountId, period.from, period.to);
  if (!row) return undefined;
  if (row.shard_count !== 1)
    throw new RangeError(`Account ${accountId} is sharded; read its statement whole`);
  return {
    currency: row.currency,
    openingMinor: assertMinorUnits(row.opening_minor),
    closingMinor: assertMinorUnits(row.closing_minor),
  };
}

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
  const rows = await listPostedEntryPage(
    db,
    accountId,
    page.to,
    after.createdAt,
    after.accountVersion,
    page.limit,
  );
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
  const rows = await listDailyClosingBalances(db, accountId, period.from, period.days);
  return rows.map((row) => assertMinorUnits(row.balance_minor));
}
