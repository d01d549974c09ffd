import type { LaggingReader, Queryable } from '../../db/database';
import {
  ACCOUNT_COLUMNS,
  type AccountRow,
  accountFromRow,
  resolutionOf,
  TRANSFER_COLUMNS,
  type TransferRow,
  transferFromRow,
} from './rows';
import type { Account, AccountKind, PendingResolution, Rail, Transfer } from './types';

// Reads need no lock: each reads one consistent snapshot, and ledger rows are either
// immutable (transfers, entries) or move only forward (account totals).

const MAX_LIST = 1_000;

/** An account with its balances; a sharded account's are the sums over its shards. */
export async function getAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const [account] = await getAccounts(db, [id]);
  return account;
}

/** The accounts named, in the order asked, each sharded one folded with its shards. */
export async function getAccounts(db: LaggingReader, ids: readonly string[]): Promise<Account[]> {
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

export type AccountDescription = { id: string; kind: AccountKind; rail: Rail | null; currency: string };

/** What each account named is (kind, rail, currency), without its balances; unknown ids are left out. */
export async function describeAccounts(db: Queryable, ids: readonly string[]): Promise<AccountDescription[]> {
  return db.query<AccountDescription>(
    'SELECT id, kind, rail, currency FROM ledger_accounts WHERE id = ANY($1::text[])',
    [[...new Set(ids)]],
  );
}

export type KindBalance = { currency: string; kind: AccountKind; balanceMinor: number };

/**
 * Every account's posted balance at `asOf` (after its last entry before then), summed per
 * currency and kind, ordered by both: what a reconciliation compares.
 */
export async function balancesByKindAt(db: Queryable, asOf: Date): Promise<KindBalance[]> {
  const rows = await db.query<{ currency: string; kind: AccountKind; balance_minor: number }>(
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
  return rows.map((row) => ({ currency: row.currency, kind: row.kind, balanceMinor: row.balance_minor }));
}

/**
 * A column for another module's query: the balances of the ledger account whose id is the SQL
 * expression `idSql`, as one JSON row (null when there is none), for `accountFromJson`. It lets a
 * read that names its own ledger accounts take their balances in the same round trip. A sharded
 * account's row is its parent's alone: `accountFromJson` reports it, and the caller reads it with
 * `getAccounts`, which folds the shards.
 */
export function accountJsonSql(idSql: string): string {
  return `(SELECT row_to_json(b) FROM (SELECT ${ACCOUNT_COLUMNS} FROM ledger_account_balances
    WHERE id = ${idSql}) b)`;
}

/** What an `accountJsonSql` column holds. */
export type AccountJson = AccountRow | null;

/** The account of an `accountJsonSql` column; `undefined` when it is missing or sharded (read it with getAccounts). */
export function accountFromJson(row: AccountJson): Account | undefined {
  if (row === null || row.shard_count > 1) return undefined;
  return accountFromRow(row);
}

/**
 * A condition for another module's query: true when the ledger holds a transfer whose id is
 * the SQL expression `idSql`. It keeps a check such as "has the ledger expired this payment's
 * hold" inside that query's one round trip without naming the ledger's tables there.
 */
export function transferExistsSql(idSql: string): string {
  return `EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = ${idSql})`;
}
