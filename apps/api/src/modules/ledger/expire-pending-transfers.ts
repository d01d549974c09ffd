import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { runCreateTransfers } from './create-transfers';
import { EXPIRY_TRANSFER_CODE } from './rows';
import { listDueHolds } from './transfer-rows';
import { LEDGER_TRANSFER_ID_PREFIX, MAX_TRANSFERS_PER_CALL, type VoidPendingInput } from './types';

// A hold past its timeout is voided by a transfer the ledger writes itself, through the same
// path as every other transfer, so the release shows in the entries and the statement. Its id
// is derived from the hold's, and the one-resolution index makes expiry race-free against a
// late post or void: exactly one of them resolves the hold.

export function expiryTransferId(pendingId: string): string {
  return `${LEDGER_TRANSFER_ID_PREFIX}expire:${pendingId}`;
}

/**
 * Voids up to `limit` holds whose timeout has passed by `now` (the database's clock unless a
 * test injects one) and returns the ids of the holds it expired. A job calls it periodically.
 */
export async function expirePendingTransfers(
  db: Database,
  now?: Date,
  options: { limit?: number } = {},
): Promise<string[]> {
  const limit = options.limit ?? 1_000;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_TRANSFERS_PER_CALL) {
    throw new RangeError(`expirePendingTransfers limit must be 1 to ${MAX_TRANSFERS_PER_CALL}`);
  }
  return withTransaction(db, async (tx) => {
    const due = await listDueHolds(tx, now ?? null, limit);
    if (due.length === 0) return [];
    const inputs = due.map(
      ({ id }): VoidPendingInput => ({
        kind: 'void_pending',
        id: expiryTransferId(id),
        pendingId: id,
        code: EXPIRY_TRANSFER_CODE,
      }),
    );
    const results = await runCreateTransfers(tx, inputs, now ? { now } : {}, {
      systemRequest: true,
      locking: true,
    });
    // A hold posted or voided since we listed it is simply no longer ours to expire.
    return due.filter((_, index) => results[index]?.ok === true).map(({ id }) => id);
  });
}
