import type { PaymentListQuery } from '@bluepeak/core/payments';
import type { LaggingReader } from '../../db/database';
import type { PaymentRow } from './payment-rows';

// The client's payment history with the filters of docs/requirements/payments.md (status, type,
// account, date range, text) and pagination. Every value is a bound parameter; the text search
// escapes LIKE's wildcards so "%" finds a percent sign and nothing else.
export async function listClientPayments(
  db: LaggingReader,
  clientId: string,
  query: PaymentListQuery,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `client_id = $1
    AND ($2::text IS NULL OR status = $2)
    AND ($3::text IS NULL OR type = $3)
    AND ($4::uuid IS NULL OR account_id = $4)
    AND ($5::date IS NULL OR created_at >= $5::date)
    AND ($6::date IS NULL OR created_at < $6::date + 1)
    AND ($7::text IS NULL OR payee->>'name' ILIKE $7 OR description ILIKE $7 OR end_to_end_id ILIKE $7)`;
  const params = [
    clientId,
    query.status ?? null,
    query.type ?? null,
    query.account_id ?? null,
    query.date_from ?? null,
    query.date_to ?? null,
    like,
  ];
  // The count and the page at once: on PostgreSQL two pooled connections, one round trip of wait.
  const [[count], rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE ${where}`, params),
    db.query<PaymentRow>(
      `SELECT * FROM payments WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $8 OFFSET $9`,
      [...params, query.limit, (query.page - 1) * query.limit],
    ),
  ]);
  return { rows, total: count?.n ?? 0 };
}
