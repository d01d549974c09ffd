import type { OperatorPayment, PaymentStatus, paymentQueueQuerySchema } from '@bluepeak/core/payments';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { ClientRow } from '../clients';
import type { PaymentRow } from './payment-rows';

// What the back office reads about payments (docs/requirements/payments.md): the queue per rail,
// status, hold flag and text with its counts per status, and one payment with its client, its rail
// submission and its status history with who moved it. Every value is a bound parameter.

export type QueueQuery = z.infer<typeof paymentQueueQuerySchema>;
type ClientNameColumns = Pick<ClientRow, 'first_name' | 'last_name' | 'company_name' | 'email'> & {
  client_type: ClientRow['type'];
};
export type QueueRow = PaymentRow & ClientNameColumns;

const CLIENT_COLUMNS = `c.type AS client_type, c.first_name, c.last_name, c.company_name, c.email`;

/** The queue's filter but the status ($1 to $4), shared by the tabs' counts and the page. */
export type QueueFilter = { scope: string; params: unknown[] };

export function paymentQueueFilter(query: QueueQuery): QueueFilter {
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // Everything but the status: the same filter gives the tabs' counts.
  const scope = `($1::text IS NULL OR p.rail = $1) AND ($2::boolean IS NULL OR p.on_hold = $2)
    AND ($3::uuid IS NULL OR p.client_id = $3)
    AND ($4::text IS NULL OR p.id::text ILIKE $4 OR p.end_to_end_id ILIKE $4
      OR p.description ILIKE $4 OR p.payee->>'name' ILIKE $4)`;
  const params = [
    query.rail ?? null,
    query.on_hold === undefined ? null : query.on_hold === 'true',
    query.client_id ?? null,
    like,
  ];
  return { scope, params };
}

export async function countQueuedPaymentsByStatus(
  db: Queryable,
  filter: QueueFilter,
): Promise<{ status: PaymentStatus; n: number }[]> {
  const { scope, params } = filter;
  return db.query<{ status: PaymentStatus; n: number }>(
    `SELECT p.status, count(*)::int AS n FROM payments p WHERE ${scope} GROUP BY p.status`,
    params,
  );
}

/** One page of the queue, newest first, in one status or all. */
export async function listPaymentQueuePage(
  db: Queryable,
  filter: QueueFilter,
  page: { status: PaymentStatus | null; limit: number; offset: number },
): Promise<QueueRow[]> {
  const { scope, params } = filter;
  return db.query<QueueRow>(
    `SELECT p.*, ${CLIENT_COLUMNS} FROM payments p JOIN clients c ON c.id = p.client_id
     WHERE ${scope} AND ($5::text IS NULL OR p.status = $5)
     ORDER BY p.created_at DESC, p.id DESC LIMIT $6 OFFSET $7`,
    [...params, page.status, page.limit, page.offset],
  );
}

export async function findOperatorPayment(
  db: Queryable,
  id: string,
): Promise<(QueueRow & { rail_state: OperatorPayment['rail_state'] }) | undefined> {
  const [row] = await db.query<QueueRow & { rail_state: OperatorPayment['rail_state'] }>(
    `SELECT p.*, ${CLIENT_COLUMNS}, s.state AS rail_state
     FROM payments p JOIN clients c ON c.id = p.client_id
     LEFT JOIN rail_submissions s ON s.payment_id = p.id
     WHERE p.id = $1`,
    [id],
  );
  return row;
}

export type OperatorEventRow = {
  status: PaymentStatus;
  reason: string | null;
  actor_type: 'client' | 'operator' | 'system';
  created_at: Date;
};

/** The payment's status history with who moved it, oldest first. */
export async function listOperatorPaymentEvents(db: Queryable, id: string): Promise<OperatorEventRow[]> {
  return db.query<OperatorEventRow>(
    `SELECT status, reason, actor_type, created_at FROM payment_events WHERE payment_id = $1 ORDER BY id`,
    [id],
  );
}
