import type { Queryable } from '../../db/database';
import {
  ACCOUNT_COLUMNS,
  type AccountRow,
  accountFromRow,
  resolutionOf,
  TRANSFER_COLUMNS,
  type TransferRow,
  transferFromRow,
} from './rows';
import type { Account, PendingResolution, Transfer } from './types';

// Reads need no lock: each reads one consistent snapshot, and ledger rows are either
// immutable (transfers, entries) or move only forward (account totals).

const MAX_LIST = 1_000;

/** An account with its balances; a sharded account's are the sums over its shards. */
export async function getAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const [account] = await getAccounts(db, [id]);
  return account;
}

/** The accounts named, in the order asked, each sharded one folded with its shards. */
export async function getAccounts(db: Queryable, ids: readonly string[]): Promise<Account[]> {
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_account_balances
     WHERE id = ANY($1::text[]) OR shard_of = ANY($1::text[])`,
    [ids],
  );
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

export async function listClientAccounts(db: Queryable, ownerClientId: string): Promise<Account[]> {
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_account_balances
     WHERE owner_client_id = $1 AND kind = 'client_emoney' ORDER BY currency LIMIT ${MAX_LIST}`,
    [ownerClientId],
  );
  return rows.map(accountFromRow);
}

export async function getTransfer(db: Queryable, id: string): Promise<Transfer | undefined> {
  const [row] = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1`,
    [id],
  );
  return row ? transferFromRow(row) : undefined;
}

/** The transfers behind one payment, exchange or fee, oldest first. */
export async function listTransfersByReference(
  db: Queryable,
  referenceType: string,
  referenceId: string,
): Promise<Transfer[]> {
  const rows = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers
     WHERE reference_type = $1 AND reference_id = $2 ORDER BY created_at, id LIMIT ${MAX_LIST}`,
    [referenceType, referenceId],
  );
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
  const rows = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1 OR pending_id = $1`,
    [pendingId],
  );
  const transfers = rows.map(transferFromRow);
  const pending = transfers.find((t) => t.id === pendingId);
  if (!pending) return { status: 'not_found' };
  if (pending.kind !== 'pending') return { status: 'not_pending' };
  const resolvedBy = transfers.find((t) => t.pendingId === pendingId);
  return resolvedBy
    ? { status: resolutionOf(resolvedBy), transfer: pending, resolvedBy }
    : { status: 'open', transfer: pending };
}
