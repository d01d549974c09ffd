import type { Queryable } from '../../db/database';
import type { BatchRecord } from './batch-rows';

// Reads of a batch as it is answered and listed (migration 0140): its figures and the status it
// shows, and the client's and the back office's lists of batches, newest first.

/**
 * The status a batch shows, read from its `payment_batches` row aliased `b`: a confirmed batch is
 * complete once none of its rows' payments is still processing. Every answer and the lists'
 * status filter read this one expression, so a batch is found under the status it shows.
 */
const SHOWN_STATUS = `CASE WHEN b.status = 'processing' AND NOT EXISTS (
    SELECT 1 FROM payment_batch_rows sr JOIN payments sp ON sp.id = sr.payment_id
     WHERE sr.batch_id = b.id AND NOT sr.removed AND sp.status = 'processing')
  THEN 'completed' ELSE b.status END`;

export type BatchFigures = {
  /** The status the batch shows (SHOWN_STATUS). */
  status: BatchRecord['status'];
  rows_total: number;
  rows_valid: number;
  rows_invalid: number;
  totals: { currency: string; amount: number; rows: number }[];
  fee_total: number;
  debit_total: number;
  rows_by_status: Record<string, number>;
};

export async function batchFigures(db: Queryable, batchId: string): Promise<BatchFigures> {
  const [row] = await db.query<BatchFigures>(
    `WITH live AS (
       SELECT r.*, p.status AS payment_status FROM payment_batch_rows r LEFT JOIN payments p ON p.id = r.payment_id
        WHERE r.batch_id = $1 AND NOT r.removed),
     valid AS (SELECT * FROM live WHERE jsonb_array_length(errors) = 0)
     SELECT (SELECT ${SHOWN_STATUS} FROM payment_batches b WHERE b.id = $1) AS status,
            (SELECT count(*)::int FROM live) AS rows_total,
            (SELECT count(*)::int FROM valid) AS rows_valid,
            (SELECT count(*)::int FROM live WHERE jsonb_array_length(errors) > 0) AS rows_invalid,
            coalesce((SELECT jsonb_agg(jsonb_build_object('currency', currency, 'amount', amount, 'rows', n) ORDER BY currency)
               FROM (SELECT currency, sum(amount_minor)::float8 AS amount, count(*)::int AS n FROM valid GROUP BY currency) t), '[]') AS totals,
            (SELECT coalesce(sum(fee_minor), 0)::float8 FROM valid) AS fee_total,
            (SELECT coalesce(sum(debit_amount_minor + fee_minor), 0)::float8 FROM valid) AS debit_total,
            coalesce((SELECT jsonb_object_agg(s, n) FROM (
               SELECT coalesce(payment_status, CASE WHEN jsonb_array_length(errors) > 0 THEN 'invalid' ELSE 'valid' END) AS s,
                      count(*)::int AS n FROM live GROUP BY 1) t), '{}') AS rows_by_status`,
    [batchId],
  );
  if (!row) throw new Error('batch figures returned no row');
  return row;
}

export async function listClientBatches(
  db: Queryable,
  clientId: string,
  query: { status?: string | undefined; page: number; limit: number },
): Promise<{ rows: BatchRecord[]; total: number }> {
  const rows = await db.query<BatchRecord & { total: number }>(
    `SELECT b.*, count(*) OVER ()::int AS total FROM payment_batches b
      WHERE b.client_id = $1 AND ($2::text IS NULL OR ${SHOWN_STATUS} = $2::text)
      ORDER BY b.created_at DESC, b.id DESC LIMIT $3 OFFSET $4`,
    [clientId, query.status ?? null, query.limit, (query.page - 1) * query.limit],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Every client's batches for the back office (or the one `id`), with the client's name. */
export async function listAllBatches(
  db: Queryable,
  query: { status?: string | undefined; id?: string; page: number; limit: number },
): Promise<{ id: string; client_name: string; total: number }[]> {
  return db.query<{ id: string; client_name: string; total: number }>(
    `SELECT b.id, coalesce(c.company_name, concat_ws(' ', c.first_name, c.last_name), c.email) AS client_name,
            count(*) OVER ()::int AS total
       FROM payment_batches b JOIN clients c ON c.id = b.client_id
      WHERE ($1::text IS NULL OR ${SHOWN_STATUS} = $1::text) AND ($4::uuid IS NULL OR b.id = $4::uuid)
      ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`,
    [query.status ?? null, query.limit, (query.page - 1) * query.limit, query.id ?? null],
  );
}
