import type { BatchDuplicate } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { recentSamePaymentJoinSql } from '../payments';

// What a draft's review reads and removes beyond one row (docs/requirements/batch-payments.md,
// "Checks per row"): the valid rows that match a payment of the last 30 days, read against the
// payments as they are now (so a batch uploaded twice shows the second copy once the first is
// paid), and the removal of every row with problems at once.

/** A draft's valid rows that the payments module finds the same as a recent payment. */
const DUPLICATE_ROWS = `FROM payment_batch_rows r ${recentSamePaymentJoinSql('r', '$2::uuid', 'd')}
  WHERE r.batch_id = $1 AND NOT r.removed AND r.payment_id IS NULL AND jsonb_array_length(r.errors) = 0
    AND d.payment IS NOT NULL`;

/** The likely duplicates of some of a draft's rows (a page of them), by row id. */
export async function duplicatesOfRows(
  db: Queryable,
  batch: { id: string; client_id: string },
  rowIds: string[],
): Promise<Map<string, BatchDuplicate>> {
  if (rowIds.length === 0) return new Map();
  const found = await db.query<{ id: string; payment: BatchDuplicate }>(
    `SELECT r.id, d.payment ${DUPLICATE_ROWS} AND r.id = ANY($3::uuid[])`,
    [batch.id, batch.client_id, rowIds],
  );
  return new Map(found.map((row) => [row.id, row.payment]));
}

/** How many of a draft's rows look like a recent payment, and the first few of their row numbers. */
export async function duplicateRowCount(
  db: Queryable,
  batch: { id: string; client_id: string },
): Promise<{ count: number; first: number[] }> {
  const [row] = await db.query<{ count: number; first: number[] }>(
    `SELECT count(*)::int AS count,
            coalesce((array_agg(r.row_number ORDER BY r.row_number))[1:5], '{}') AS first ${DUPLICATE_ROWS}`,
    [batch.id, batch.client_id],
  );
  return row ?? { count: 0, first: [] };
}

/** Marks every row of a draft that has a problem as removed; the row numbers it removed. */
export async function removeInvalidRows(tx: Queryable, batchId: string): Promise<number[]> {
  const removed = await tx.query<{ row_number: number }>(
    `UPDATE payment_batch_rows SET removed = true
      WHERE batch_id = $1 AND NOT removed AND jsonb_array_length(errors) > 0 RETURNING row_number`,
    [batchId],
  );
  return removed.map((row) => row.row_number).sort((a, b) => a - b);
}
