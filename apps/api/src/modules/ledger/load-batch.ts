import type { Queryable } from '../../db/database';
import type { LoadedBatch } from './batch-state';
import type { AccountRow, TransferRow } from './rows';
import type { PlainTransferErrorCode, TransferInput } from './types';

// The first of the two database calls of a ledger call (the SQL function ledger_load_batch; its
// live definition is in migration 0003, see docs/ledger-sql.md): read the accounts, the transfers
// the call may meet again (retries, holds) and the holds' resolutions, in one round trip.
//
// On the locking path it first locks the balances that carry a limit (client e-money), in id
// order, so they cannot change before the write. System accounts have no limit and are locked only
// by the write at the very end, so a hot one is held for the shortest time. On the optimistic path
// nothing is locked here; the write checks the versions instead (write-batch.ts). Either way a race
// on one transfer id or one hold ends in a unique violation, which becomes a retry, never a second
// transfer.
const LOAD_SQL = 'SELECT * FROM ledger_load_batch($1::text[], $2::text[], $3::text[], $4::boolean)';

type LoadRow = {
  db_now: Date;
  accounts: AccountRow[] | null;
  found_transfers: TransferRow[] | null;
  resolvers: LoadedBatch['resolvers'] | null;
};

/** The ids a call needs, from the transfers whose own fields were valid. */
export function idsToLoad(
  inputs: readonly TransferInput[],
  problems: readonly (PlainTransferErrorCode | undefined)[],
) {
  const accountIds = new Set<string>();
  const pendingIds = new Set<string>();
  const transferIds = new Set<string>();
  inputs.forEach((input, index) => {
    if (problems[index]) return;
    transferIds.add(input.id);
    if (input.kind === 'posted' || input.kind === 'pending') {
      accountIds.add(input.debitAccountId);
      accountIds.add(input.creditAccountId);
    } else {
      pendingIds.add(input.pendingId);
      transferIds.add(input.pendingId);
    }
  });
  return { accountIds: [...accountIds], pendingIds: [...pendingIds], transferIds: [...transferIds] };
}

export async function loadBatch(
  tx: Queryable,
  ids: ReturnType<typeof idsToLoad>,
  lockFlagged: boolean,
): Promise<LoadedBatch> {
  const [row] = await tx.query<LoadRow>(LOAD_SQL, [
    ids.accountIds,
    ids.pendingIds,
    ids.transferIds,
    lockFlagged,
  ]);
  if (!row) throw new Error('Ledger bug: the load statement returned no row');
  return {
    dbNow: row.db_now,
    accounts: row.accounts ?? [],
    transfers: row.found_transfers ?? [],
    resolvers: row.resolvers ?? [],
  };
}
