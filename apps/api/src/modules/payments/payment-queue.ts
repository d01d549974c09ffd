import {
  type OperatorPayment,
  type PaymentStatus,
  type paymentQueueQuerySchema,
  paymentStatuses,
} from '@bluepeak/core/payments';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { type ClientRow, clientDisplayName } from '../clients';
import { paymentLedgerTransfers } from './payment-ledger-view';
import { type PaymentRow, toPaymentSummary } from './payment-rows';

// What the back office reads about payments (docs/requirements/payments.md): the queue per rail,
// status, hold flag and text, with counts per status for the tabs, and one payment with its status
// history, who moved it, its rail submission and its ledger transfers. Every value is a bound
// parameter.

type QueueQuery = z.infer<typeof paymentQueueQuerySchema>;
type ClientNameColumns = Pick<ClientRow, 'first_name' | 'last_name' | 'company_name' | 'email'> & {
  client_type: ClientRow['type'];
};
type QueueRow = PaymentRow & ClientNameColumns;

const CLIENT_COLUMNS = `c.type AS client_type, c.first_name, c.last_name, c.company_name, c.email`;

/** The payment without its challenge, with the client's id, file and display name. */
export function toQueueRow(row: QueueRow) {
  const { sca: _sca, ...summary } = toPaymentSummary(row);
  return {
    ...summary,
    client_id: row.client_id,
    file_id: row.file_id,
    client_name: clientDisplayName({ ...row, type: row.client_type }) || row.email,
  };
}

export async function listPaymentQueue(db: Queryable, query: QueueQuery) {
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
  const counted = await db.query<{ status: PaymentStatus; n: number }>(
    `SELECT p.status, count(*)::int AS n FROM payments p WHERE ${scope} GROUP BY p.status`,
    params,
  );
  const counts = Object.fromEntries(paymentStatuses.map((status) => [status, 0])) as Record<
    PaymentStatus,
    number
  >;
  for (const row of counted) counts[row.status] = row.n;
  const total = query.status ? counts[query.status] : counted.reduce((sum, row) => sum + row.n, 0);
  const rows = await db.query<QueueRow>(
    `SELECT p.*, ${CLIENT_COLUMNS} FROM payments p JOIN clients c ON c.id = p.client_id
     WHERE ${scope} AND ($5::text IS NULL OR p.status = $5)
     ORDER BY p.created_at, p.id LIMIT $6 OFFSET $7`,
    [...params, query.status ?? null, query.limit, (query.page - 1) * query.limit],
  );
  return {
    data: rows.map(toQueueRow),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      total_pages: Math.ceil(total / query.limit),
      counts,
    },
  };
}

type EventRow = {
  status: PaymentStatus;
  reason: string | null;
  actor_type: 'client' | 'operator' | 'system';
  created_at: Date;
};

/** One payment as an operator sees it, or undefined when there is none with this id. */
export async function operatorPaymentView(db: Queryable, id: string): Promise<OperatorPayment | undefined> {
  const [row] = await db.query<QueueRow & { rail_state: OperatorPayment['rail_state'] }>(
    `SELECT p.*, ${CLIENT_COLUMNS}, s.state AS rail_state
     FROM payments p JOIN clients c ON c.id = p.client_id
     LEFT JOIN rail_submissions s ON s.payment_id = p.id
     WHERE p.id = $1`,
    [id],
  );
  if (!row) return undefined;
  const events = await db.query<EventRow>(
    `SELECT status, reason, actor_type, created_at FROM payment_events WHERE payment_id = $1 ORDER BY id`,
    [id],
  );
  return {
    ...toQueueRow(row),
    client_email: row.email,
    rail_state: row.rail_state ?? null,
    history: events.map((event) => ({
      status: event.status,
      reason: event.reason,
      actor_type: event.actor_type,
      at: event.created_at.toISOString(),
    })),
    transfers: await paymentLedgerTransfers(db, id),
  };
}
