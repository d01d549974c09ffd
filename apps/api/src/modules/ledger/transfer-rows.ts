import type { Queryable } from '../../db/database';
import { TRANSFER_COLUMNS, type TransferRow } from './rows';

// The reads of ledger_transfers. Transfers are immutable, so no read needs a lock.

const MAX_LIST = 1_000;

export async function findTransferRow(db: Queryable, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1`,
    [id],
  );
  return row;
}

/** The transfers behind one payment, exchange or fee, oldest first. */
export function listTransferRowsByReference(
  db: Queryable,
  referenceType: string,
  referenceId: string,
): Promise<TransferRow[]> {
  return db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers
     WHERE reference_type = $1 AND reference_id = $2 ORDER BY created_at, id LIMIT ${MAX_LIST}`,
    [referenceType, referenceId],
  );
}

/** The transfer `pendingId` and the one that resolved it, if any, in no particular order. */
export function listTransferRowsAndResolver(db: Queryable, pendingId: string): Promise<TransferRow[]> {
  return db.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1 OR pending_id = $1`,
    [pendingId],
  );
}

const DUE_SQL = `
SELECT p.id FROM ledger_transfers p
WHERE p.kind = 'pending' AND p.expires_at IS NOT NULL AND p.expires_at <= coalesce($1::timestamptz, now())
  AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = p.id)
ORDER BY p.expires_at, p.id
LIMIT $2`;

/** Up to `limit` unresolved holds past their timeout at `now` (null: the database's clock), oldest first. */
export function listDueHolds(db: Queryable, now: Date | null, limit: number): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(DUE_SQL, [now, limit]);
}

/**
 * A condition for another module's query: true when the ledger holds a transfer whose id is
 * the SQL expression `idSql`. It keeps a check such as "has the ledger expired this payment's
 * hold" inside that query's one round trip without naming the ledger's tables there.
 */
export function transferExistsSql(idSql: string): string {
  return `EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = ${idSql})`;
}
