import type { Queryable } from '../../db/database';
import { type PriceColumns, priceColumns } from '../payments';
import type { CheckedRow, RowError, RowFields } from './check-rows';

// The payment_batches and payment_batch_rows tables (migration 0140). A row's status is its
// check's verdict until the batch is confirmed, then its payment's (read live from payments).
export type BatchRecord = {
  id: string;
  client_id: string;
  account_id: string;
  status: 'draft' | 'processing' | 'completed' | 'cancelled' | 'on_hold' | 'returned';
  source_format: 'csv' | 'xlsx' | 'pain.001' | 'json';
  file_name: string | null;
  message_id: string | null;
  challenge_id: string | null;
  status_reason: string | null;
  created_at: Date;
  confirmed_at: Date | null;
};

export type PricedRow = CheckedRow & {
  debitAmount: number | null;
  fee: number | null;
  rate: string | null;
  marketRate: string | null;
};

export type StoredRow = PriceColumns & {
  id: string;
  row_number: number;
  fields: RowFields;
  type: 'sepa' | 'faster_pay' | 'international' | null;
  payee: Record<string, string> | null;
  description: string;
  errors: RowError[];
  payment_id: string | null;
  payment_status: string | null;
  payment_reason: string | null;
};

export async function insertBatch(
  tx: Queryable,
  input: {
    clientId: string;
    accountId: string;
    format: BatchRecord['source_format'];
    fileName: string | null;
    messageId: string | null;
  },
): Promise<BatchRecord> {
  const [row] = await tx.query<BatchRecord>(
    `INSERT INTO payment_batches (client_id, account_id, status, source_format, file_name, message_id)
     VALUES ($1, $2, 'draft', $3, $4, $5) RETURNING *`,
    [input.clientId, input.accountId, input.format, input.fileName, input.messageId],
  );
  if (!row) throw new Error('batch insert returned no row');
  return row;
}

const CHUNK = 2_500;

export async function insertRows(tx: Queryable, batchId: string, rows: PricedRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const records = rows.slice(start, start + CHUNK).map((row) => ({
      row_number: row.row,
      fields: row.fields,
      type: row.type,
      payee: row.payee,
      ...priceColumns(row),
      description: row.description,
      errors: row.errors,
    }));
    await tx.query(
      `INSERT INTO payment_batch_rows (batch_id, row_number, fields, type, payee, amount_minor, currency,
         debit_amount_minor, fee_minor, rate, market_rate, description, errors)
       SELECT $1::uuid, row_number, fields, type, payee, amount_minor, currency, debit_amount_minor, fee_minor,
         rate, market_rate, coalesce(description, ''), errors
       FROM jsonb_to_recordset($2::jsonb) AS r(row_number int, fields jsonb, type text, payee jsonb,
         amount_minor bigint, currency text, debit_amount_minor bigint, fee_minor bigint, rate text,
         market_rate text, description text, errors jsonb)`,
      [batchId, JSON.stringify(records)],
    );
  }
}

export async function updateRow(tx: Queryable, rowId: string, row: PricedRow): Promise<void> {
  await tx.query(
    `UPDATE payment_batch_rows SET fields = $2, type = $3, payee = $4, amount_minor = $5, currency = $6,
       debit_amount_minor = $7, fee_minor = $8, rate = $9, market_rate = $10, description = $11, errors = $12
     WHERE id = $1`,
    [
      rowId,
      JSON.stringify(row.fields),
      row.type,
      row.payee ? JSON.stringify(row.payee) : null,
      row.amount,
      row.currency,
      row.debitAmount,
      row.fee,
      row.rate,
      row.marketRate,
      row.description,
      JSON.stringify(row.errors),
    ],
  );
}

export async function removeRow(tx: Queryable, rowId: string): Promise<void> {
  await tx.query('UPDATE payment_batch_rows SET removed = true WHERE id = $1', [rowId]);
}

export async function findClientBatch(
  db: Queryable,
  clientId: string,
  batchId: string,
  lock = false,
): Promise<BatchRecord | undefined> {
  const [row] = await db.query<BatchRecord>(
    `SELECT * FROM payment_batches WHERE id = $1 AND client_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [batchId, clientId],
  );
  return row;
}

export async function findBatch(
  db: Queryable,
  batchId: string,
  lock = false,
): Promise<BatchRecord | undefined> {
  const [row] = await db.query<BatchRecord>(
    `SELECT * FROM payment_batches WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [batchId],
  );
  return row;
}

const ROW_COLUMNS = `r.id, r.row_number, r.fields, r.type, r.payee, r.amount_minor::float8 AS amount_minor, r.currency,
  r.debit_amount_minor::float8 AS debit_amount_minor, r.fee_minor::float8 AS fee_minor, r.rate, r.market_rate,
  r.description, r.errors, r.payment_id, p.status AS payment_status, p.status_reason AS payment_reason`;

/** Row status filter: valid/invalid before confirmation, a payment status after. */
const STATUS_FILTER = `($2::text = 'all'
  OR ($2::text = 'invalid' AND jsonb_array_length(r.errors) > 0)
  OR ($2::text = 'valid' AND jsonb_array_length(r.errors) = 0 AND r.payment_id IS NULL)
  OR p.status = $2::text)`;

export async function listRows(
  db: Queryable,
  batchId: string,
  query: { status: string; page: number; limit: number },
): Promise<{ rows: StoredRow[]; total: number }> {
  const rows = await db.query<StoredRow & { total: number }>(
    `SELECT ${ROW_COLUMNS}, count(*) OVER ()::int AS total
       FROM payment_batch_rows r LEFT JOIN payments p ON p.id = r.payment_id
      WHERE r.batch_id = $1 AND NOT r.removed AND ${STATUS_FILTER}
      ORDER BY r.row_number LIMIT $3 OFFSET $4`,
    [batchId, query.status, query.limit, (query.page - 1) * query.limit],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function allRows(db: Queryable, batchId: string): Promise<StoredRow[]> {
  return db.query<StoredRow>(
    `SELECT ${ROW_COLUMNS} FROM payment_batch_rows r LEFT JOIN payments p ON p.id = r.payment_id
      WHERE r.batch_id = $1 AND NOT r.removed ORDER BY r.row_number`,
    [batchId],
  );
}

export async function findRow(db: Queryable, batchId: string, rowId: string): Promise<StoredRow | undefined> {
  const [row] = await db.query<StoredRow>(
    `SELECT ${ROW_COLUMNS} FROM payment_batch_rows r LEFT JOIN payments p ON p.id = r.payment_id
      WHERE r.batch_id = $1 AND r.id = $2 AND NOT r.removed`,
    [batchId, rowId],
  );
  return row;
}

/** The valid rows' totals but one row's, as exact text: its row currencies', and the debits with fees. */
export async function totalsWithoutRow(db: Queryable, batchId: string, rowId: string) {
  return db.query<{ currency: string; amount: string; debits: string }>(
    `SELECT currency, sum(amount_minor)::text AS amount,
            sum(sum(debit_amount_minor + fee_minor)) OVER ()::text AS debits
       FROM payment_batch_rows
      WHERE batch_id = $1 AND id <> $2 AND NOT removed AND jsonb_array_length(errors) = 0
      GROUP BY currency`,
    [batchId, rowId],
  );
}

export async function setRowPayments(
  tx: Queryable,
  pairs: { rowId: string; paymentId: string }[],
): Promise<void> {
  await tx.query(
    `UPDATE payment_batch_rows r SET payment_id = s.payment_id
       FROM jsonb_to_recordset($1::jsonb) AS s(row_id uuid, payment_id uuid) WHERE r.id = s.row_id`,
    [JSON.stringify(pairs.map((pair) => ({ row_id: pair.rowId, payment_id: pair.paymentId })))],
  );
}

export async function setBatchStatus(
  tx: Queryable,
  batchId: string,
  status: BatchRecord['status'],
  extra: { reason?: string | null; challengeId?: string; confirmed?: boolean } = {},
): Promise<void> {
  await tx.query(
    `UPDATE payment_batches SET status = $2, status_reason = coalesce($3, status_reason), updated_at = now(),
       challenge_id = coalesce($4, challenge_id), confirmed_at = CASE WHEN $5 THEN now() ELSE confirmed_at END
     WHERE id = $1`,
    [batchId, status, extra.reason ?? null, extra.challengeId ?? null, extra.confirmed === true],
  );
}

export async function setBatchChallenge(tx: Queryable, batchId: string, challengeId: string): Promise<void> {
  await tx.query('UPDATE payment_batches SET challenge_id = $2, updated_at = now() WHERE id = $1', [
    batchId,
    challengeId,
  ]);
}

/** The code just sent for a draft batch; unlike setBatchChallenge, updated_at stays as it was. */
export async function setDraftBatchChallenge(
  tx: Queryable,
  batchId: string,
  challengeId: string,
): Promise<void> {
  await tx.query('UPDATE payment_batches SET challenge_id = $2 WHERE id = $1', [batchId, challengeId]);
}
