import { assertMinorUnits } from '@bluepeak/core';
import type { LaggingReader } from '../../db/database';
import type { EntrySide } from './batch-state';
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

type EntryJson = EntryColumns & {
  account_id: string;
  event_at: string;
  created_at: string;
};

type StatementRow = {
  currency: string;
  opening_balance_minor: number;
  closing_balance_minor: number;
  entries: EntryJson[] | null;
};

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
  const [row] = await db.query<StatementRow>(STATEMENT_SQL, [accountId, period.from, period.to, limit + 1]);
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
