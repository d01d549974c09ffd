import type { PaymentListQuery } from '@bluepeak/core/payments';
import type { LaggingReader } from '../../db/database';
import type { PaymentRow } from './payment-rows';

// The client's payment history with the filters of docs/requirements/payments.md (status, type,
// account, date range, text). Every value is a bound parameter; the text search escapes LIKE's
// wildcards so "%" finds a percent sign and nothing else.

/** The WHERE of the client's list and its parameters ($1 to $7), shared by the count and the page. */
export type ClientPaymentFilter = { where: string; params: unknown[] };

export function clientPaymentFilter(clientId: string, query: PaymentListQuery): ClientPaymentFilter {
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
  return { where, params };
}

export async function countClientPayments(
  db: LaggingReader,
  filter: ClientPaymentFilter,
): Promise<{ n: number } | undefined> {
  const { where, params } = filter;
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments WHERE ${where}`,
    params,
  );
  return count;
}

/** One page of the client's list, newest first. */
export async function listClientPaymentPage(
  db: LaggingReader,
  filter: ClientPaymentFilter,
  limit: number,
  offset: number,
): Promise<PaymentRow[]> {
  const { where, params } = filter;
  return db.query<PaymentRow>(
    `SELECT * FROM payments WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $8 OFFSET $9`,
    [...params, limit, offset],
  );
}
