import {
  approvalBlockers,
  type BackofficeDeactivation,
  type DeactivationQueueItem,
  deactivationAgeHours,
  deactivationDueAt,
  isDeactivationOverdue,
  planClosing,
} from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { clientDisplayName, findClientById } from '../clients';
import { countOpenPayments, listRequestPayouts } from './deactivation-payment-rows';
import { listPendingRequests } from './deactivation-queue-rows';
import {
  closingFeeFor,
  findLatestRequest,
  publicAccount,
  readClientBalances,
  toDeactivationRequest,
} from './deactivation-rows';
import { preparePayouts, toPayoutPlanLine } from './payout-payments';

// What the back office reads: the queue of requests waiting for review, oldest first (the
// a decision is due within 24 hours, so the oldest is the most urgent), and one
// client's request with what would stop an approval now.
export async function listPendingDeactivations(
  db: Queryable,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ items: DeactivationQueueItem[]; total: number }> {
  const rows = await listPendingRequests(db, page.limit, page.offset);
  const items = rows.map((row) => ({
    id: row.id,
    client_id: row.client_id,
    client_name: clientDisplayName(row),
    client_email: row.email,
    reason: row.reason,
    requested_at: row.requested_at.toISOString(),
    due_at: deactivationDueAt(row.requested_at).toISOString(),
    age_hours: deactivationAgeHours(row.requested_at, now),
    overdue: isDeactivationOverdue(row.requested_at, now),
    payout_note: row.payout_note,
  }));
  return { items, total: rows[0]?.total ?? 0 };
}

/**
 * The client's newest request that reached review (or null), for the client record. A client
 * that does not exist is a 404, so an unknown id never reads as "no request".
 */
export async function backofficeDeactivation(
  db: Queryable,
  clientId: string,
  now: Date,
): Promise<BackofficeDeactivation> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound('Client');
  const row = await findLatestRequest(db, clientId);
  // No request made (or only one not confirmed, or withdrawn) is "no such object", as for any id.
  if (!row || row.status === 'awaiting_confirmation' || row.status === 'withdrawn' || !row.requested_at)
    throw notFound('Deactivation request');
  const accounts = await readClientBalances(db, clientId);
  const fee = closingFeeFor(client);
  const pending = row.status === 'pending';
  const payouts = pending ? (await preparePayouts(db, row, planClosing(accounts, fee).remaining)).lines : [];
  const blockers = pending
    ? approvalBlockers({ accounts, openPayments: await countOpenPayments(db, clientId), payouts })
    : [];
  return {
    ...(await toDeactivationRequest(db, row)),
    client_id: clientId,
    overdue: pending && isDeactivationOverdue(row.requested_at, now),
    accounts: accounts.map(publicAccount),
    closing_fee: { amount: fee.amount, currency: fee.currency },
    blockers,
    payout_plan: payouts.map(toPayoutPlanLine),
    payout_payments: await listPayoutPayments(db, row.id),
  };
}

/** The pay-outs made for a request, newest first, as the client record shows them. */
async function listPayoutPayments(db: Queryable, requestId: string) {
  const rows = await listRequestPayouts(db, requestId);
  return rows.map((payment) => ({
    id: payment.id,
    status: payment.status,
    amount: payment.amount_minor,
    fee: payment.fee_minor,
    currency: payment.currency,
    status_reason: payment.status_reason,
    created_at: payment.created_at.toISOString(),
  }));
}
