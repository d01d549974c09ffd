import { type OperatorPayment, type PaymentStatus, paymentStatuses } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { accountLabels } from '../accounts';
import { clientDisplayName } from '../clients';
import { paymentLedgerTransfers } from './payment-ledger-view';
import {
  countQueuedPaymentsByStatus,
  findOperatorPayment,
  listOperatorPaymentEvents,
  listPaymentQueuePage,
  paymentQueueFilter,
  type QueueQuery,
  type QueueRow,
} from './payment-queue-rows';
import { toPaymentSummary } from './payment-rows';

// What the back office reads about payments (docs/requirements/payments.md): the queue per rail,
// status, hold flag and text, with counts per status for the tabs, and one payment with its status
// history, who moved it, its rail submission and its ledger transfers (payment-queue-rows.ts reads
// them).

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
  const filter = paymentQueueFilter(query);
  const counted = await countQueuedPaymentsByStatus(db, filter);
  const counts = Object.fromEntries(paymentStatuses.map((status) => [status, 0])) as Record<
    PaymentStatus,
    number
  >;
  for (const row of counted) counts[row.status] = row.n;
  const total = query.status ? counts[query.status] : counted.reduce((sum, row) => sum + row.n, 0);
  const rows = await listPaymentQueuePage(db, filter, {
    status: query.status ?? null,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
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

/** One payment as an operator sees it, or undefined when there is none with this id. */
export async function operatorPaymentView(db: Queryable, id: string): Promise<OperatorPayment | undefined> {
  const row = await findOperatorPayment(db, id);
  if (!row) return undefined;
  const events = await listOperatorPaymentEvents(db, id);
  return {
    ...toQueueRow(row),
    client_email: row.email,
    account_label: (await accountLabels(db, [row.account_id])).get(row.account_id) ?? null,
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
