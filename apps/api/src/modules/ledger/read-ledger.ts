import type { LaggingReader, Queryable } from '../../db/database';
import { type AccountJson, listAccountRowsWithShards } from './account-rows';
import { listBalancesByKindAt } from './entry-rows';
import { accountFromRow, resolutionOf, transferFromRow } from './rows';
import { findTransferRow, listTransferRowsAndResolver, listTransferRowsByReference } from './transfer-rows';
import type { Account, AccountKind, PendingResolution, Transfer } from './types';

// Reads need no lock: each reads one consistent snapshot, and ledger rows are either
// immutable (transfers, entries) or move only forward (account totals).

/** An account with its balances; a sharded account's are the sums over its shards. */
export async function getAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const [account] = await getAccounts(db, [id]);
  return account;
}

/** The accounts named, in the order asked, each sharded one folded with its shards. */
export async function getAccounts(db: LaggingReader, ids: readonly string[]): Promise<Account[]> {
  const rows = await listAccountRowsWithShards(db, ids);
  const accounts = rows.map(accountFromRow);
  return ids.flatMap((id) => {
    const account = accounts.find((a) => a.id === id);
    if (!account) return [];
    return account.shardCount > 1
      ? [
          foldShards(
            account,
            accounts.filter((a) => a.shardOf === id),
          ),
        ]
      : [account];
  });
}

function foldShards(parent: Account, shards: readonly Account[]): Account {
  const sum = (pick: (a: Account) => number) => shards.reduce((total, shard) => total + pick(shard), 0);
  const times = shards.flatMap((shard) => (shard.lastEntryAt ? [shard.lastEntryAt.getTime()] : []));
  return {
    ...parent,
    debitsPendingMinor: sum((a) => a.debitsPendingMinor),
    debitsPostedMinor: sum((a) => a.debitsPostedMinor),
    creditsPendingMinor: sum((a) => a.creditsPendingMinor),
    creditsPostedMinor: sum((a) => a.creditsPostedMinor),
    balanceMinor: sum((a) => a.balanceMinor),
    availableMinor: sum((a) => a.availableMinor),
    version: sum((a) => a.version),
    lastEntryAt: times.length > 0 ? new Date(Math.max(...times)) : null,
  };
}

export async function getTransfer(db: Queryable, id: string): Promise<Transfer | undefined> {
  const row = await findTransferRow(db, id);
  return row ? transferFromRow(row) : undefined;
}

/** The transfers behind one payment, exchange or fee, oldest first. */
export async function listTransfersByReference(
  db: Queryable,
  referenceType: string,
  referenceId: string,
): Promise<Transfer[]> {
  const rows = await listTransferRowsByReference(db, referenceType, referenceId);
  return rows.map(transferFromRow);
}

export type PendingTransferState =
  | { status: 'not_found' | 'not_pending' }
  | { status: 'open'; transfer: Transfer }
  | { status: PendingResolution; transfer: Transfer; resolvedBy: Transfer };

/** Where a hold stands: still open, or posted, voided or expired, and by which transfer. */
export async function getPendingTransferState(
  db: Queryable,
  pendingId: string,
): Promise<PendingTransferState> {
  const rows = await listTransferRowsAndResolver(db, pendingId);
  const transfers = rows.map(transferFromRow);
  const pending = transfers.find((t) => t.id === pendingId);
  if (!pending) return { status: 'not_found' };
  if (pending.kind !== 'pending') return { status: 'not_pending' };
  const resolvedBy = transfers.find((t) => t.pendingId === pendingId);
  return resolvedBy
    ? { status: resolutionOf(resolvedBy), transfer: pending, resolvedBy }
    : { status: 'open', transfer: pending };
}

export type KindBalance = { currency: string; kind: AccountKind; balanceMinor: number };

/**
 * Every account's posted balance at `asOf` (after its last entry before then), summed per
 * currency and kind, ordered by both: what a reconciliation compares.
 */
export async function balancesByKindAt(db: Queryable, asOf: Date): Promise<KindBalance[]> {
  const rows = await listBalancesByKindAt(db, asOf);
  return rows.map((row) => ({ currency: row.currency, kind: row.kind, balanceMinor: row.balance_minor }));
}

/** The account of an `accountJsonSql` column; `undefined` when it is missing or sharded (read it with getAccounts). */
export function accountFromJson(row: AccountJson): Account | undefined {
  if (row === null || row.shard_count > 1) return undefined;
  return accountFromRow(row);
}
