import { assertMinorUnits } from '@bluepeak/core';
import type { LaggingReader } from '../../db/database';
import type { EntrySide } from './batch-state';
import { type EntryJson, findStatementRow } from './entry-rows';
import { toDate } from './rows';
import type { TransferKind } from './types';

// A statement of one account over [from, to): the balance at the start, the entries, and the
// balance at the end. An account's entry times never go backwards (the write path keeps them
// monotonic), so the period is one contiguous range of the (account_id, created_at, version)
// index, and each end of the period is one backwards index probe. A sharded account's statement
// merges its shards' ranges and sums their opening and closing balances; the running balance on
// each line is then the account's, counted from the opening balance.

export type LedgerEntry = {
  /** The account, or for a sharded account the shard, that the entry is on. */
  accountId: string;
  accountVersion: number;
  transferId: string;
  transferKind: TransferKind;
  code: string;
  referenceType: string;
  referenceId: string;
  side: EntrySide;
  postedAmountMinor: number;
  /** Change of the pending total on this side: positive when a hold is placed, negative when released. */
  pendingDeltaMinor: number;
  balanceBeforeMinor: number;
  balanceAfterMinor: number;
  eventAt: Date;
  createdAt: Date;
};

export type AccountStatement = {
  accountId: string;
  currency: string;
  from: Date;
  to: Date;
  openingBalanceMinor: number;
  closingBalanceMinor: number;
  entries: LedgerEntry[];
  /** More entries fall in the period than `limit`; ask again from the last entry's time. */
  truncated: boolean;
};

export const MAX_STATEMENT_ENTRIES = 10_000;

/** The statement of an account for [from, to), or undefined when the account does not exist. */
export async function getAccountStatement(
  db: LaggingReader,
  accountId: string,
  period: { from: Date; to: Date; limit?: number },
): Promise<AccountStatement | undefined> {
  const limit = period.limit ?? 1_000;
  if (!(period.from < period.to)) throw new RangeError('A statement period must end after it starts');
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_STATEMENT_ENTRIES) {
    throw new RangeError(`A statement holds 1 to ${MAX_STATEMENT_ENTRIES} entries`);
  }
  // One statement, one snapshot: the two balances and the entries always agree.
  const row = await findStatementRow(db, accountId, period.from, period.to, limit + 1);
  if (!row) return undefined;
  let balanceMinor = row.opening_balance_minor;
  const entries = (row.entries ?? []).map((entry) => {
    const line = entryFromJson(entry, balanceMinor);
    balanceMinor = line.balanceAfterMinor;
    return line;
  });
  return {
    accountId,
    currency: row.currency,
    from: period.from,
    to: period.to,
    openingBalanceMinor: row.opening_balance_minor,
    closingBalanceMinor: row.closing_balance_minor,
    entries: entries.slice(0, limit),
    truncated: entries.length > limit,
  };
}

function entryFromJson(entry: EntryJson, balanceBeforeMinor: number): LedgerEntry {
  const postedAmountMinor = assertMinorUnits(entry.posted_amount_minor);
  return {
    accountId: entry.account_id,
    accountVersion: assertMinorUnits(entry.account_version),
    transferId: entry.transfer_id,
    transferKind: entry.transfer_kind,
    code: entry.code,
    referenceType: entry.reference_type,
    referenceId: entry.reference_id,
    side: entry.side,
    postedAmountMinor,
    pendingDeltaMinor: assertMinorUnits(entry.pending_delta_minor),
    balanceBeforeMinor,
    balanceAfterMinor:
      balanceBeforeMinor + (entry.side === 'credit' ? postedAmountMinor : -postedAmountMinor),
    eventAt: toDate(entry.event_at),
    createdAt: toDate(entry.created_at),
  };
}
