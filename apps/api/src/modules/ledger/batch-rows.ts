import type { Queryable } from '../../db/database';
import type { LoadedBatch } from './batch-state';
import type { AccountRow, TransferRow } from './rows';
import type { PendingTransferInput, PostedTransferInput } from './types';

// The ledger's write path in three SQL functions, whose live definitions are in migration 0003
// (docs/ledger-sql.md): a call is one ledger_create_one, or one ledger_load_batch then one
// ledger_write_batch, each a single round trip.

const CREATE_ONE_SQL = `SELECT * FROM ledger_create_one($1::text, $2::text, $3::text, $4::text, $5::bigint,
  $6::text, $7::text, $8::text, $9::text, $10::integer, $11::timestamptz, $12::timestamptz, $13::bigint)`;

export type CreateOneRow = {
  created: boolean;
  created_at: Date | string;
  debit_id: string;
  credit_id: string;
};

/**
 * ledger_create_one: locks the two balances and writes the transfer when it can only be
 * `created`; otherwise it writes nothing and answers `created` false (decision 0008).
 */
export function createOneTransfer(
  db: Queryable,
  input: PostedTransferInput | PendingTransferInput,
  timeoutSeconds: number | null,
  now: Date | undefined,
  shardHash: number,
): Promise<CreateOneRow[]> {
  return db.query<CreateOneRow>(CREATE_ONE_SQL, [
    input.id,
    input.kind,
    input.debitAccountId,
    input.creditAccountId,
    input.amountMinor,
    input.currency,
    input.code,
    input.referenceType,
    input.referenceId,
    timeoutSeconds,
    input.eventAt ?? null,
    now ?? null,
    shardHash,
  ]);
}

// The first of the two database calls of a ledger call: read the accounts, the transfers the
// call may meet again (retries, holds) and the holds' resolutions, in one round trip.
//
// On the locking path it first locks the balances that carry a limit (client e-money), in id
// order, so they cannot change before the write. System accounts have no limit and are locked only
// by the write at the very end, so a hot one is held for the shortest time. On the optimistic path
// nothing is locked here; the write checks the versions instead (write-batch.ts). Either way a race
// on one transfer id or one hold ends in a unique violation, which becomes a retry, never a second
// transfer.
const LOAD_SQL = 'SELECT * FROM ledger_load_batch($1::text[], $2::text[], $3::text[], $4::boolean)';

export type LoadRow = {
  db_now: Date;
  accounts: AccountRow[] | null;
  found_transfers: TransferRow[] | null;
  resolvers: LoadedBatch['resolvers'] | null;
};

export function loadBatchRows(
  tx: Queryable,
  ids: { accountIds: string[]; pendingIds: string[]; transferIds: string[] },
  lockFlagged: boolean,
): Promise<LoadRow[]> {
  return tx.query<LoadRow>(LOAD_SQL, [ids.accountIds, ids.pendingIds, ids.transferIds, lockFlagged]);
}

// The second database call of a ledger call: everything the call decided, written in one round
// trip however many transfers it carries. It inserts the transfers, adds each account's summed
// deltas once with `x = x + delta` (accounts sorted by id, see LOAD_SQL above for the lock order),
// and inserts the entries with the version and balance taken from the row it just updated. A hot
// system account is therefore locked only from this call to the commit.
const WRITE_SQL = `SELECT * FROM ledger_write_batch($1::json, $2::text[], $3::bigint[], $4::bigint[], $5::bigint[],
  $6::bigint[], $7::integer[], $8::text[], $9::text[], $10::text[], $11::bigint[], $12::bigint[], $13::integer[],
  $14::bigint[], $15::timestamptz, $16::text[], $17::bigint[])`;

export type WriteCounts = { written_transfers: number; written_entries: number };

/** Runs ledger_write_batch with `params` in the order of its arguments (write-batch.ts lays them out). */
export function writeBatchRows(tx: Queryable, params: unknown[]): Promise<WriteCounts[]> {
  return tx.query<WriteCounts>(WRITE_SQL, params);
}
