import type { Queryable } from '../../db/database';
import { loadBatchRows } from './batch-rows';
import type { LoadedBatch } from './batch-state';
import type { PlainTransferErrorCode, TransferInput } from './types';

// The first of the two database calls of a ledger call (the SQL function ledger_load_batch, run
// by batch-rows.ts, which says what it locks): the accounts, the transfers the call may meet again
// and the holds' resolutions, in one round trip.

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
  const [row] = await loadBatchRows(tx, ids, lockFlagged);
  if (!row) throw new Error('Ledger bug: the load statement returned no row');
  return {
    dbNow: row.db_now,
    accounts: row.accounts ?? [],
    transfers: row.found_transfers ?? [],
    resolvers: row.resolvers ?? [],
  };
}
