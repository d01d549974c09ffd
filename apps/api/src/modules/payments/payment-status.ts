import { formatMoney } from '@bluepeak/core';
import type { PaymentStatus } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import type { AuditEntry } from '../audit';
import { type NotifyClientInput, notificationText } from '../notifications';
import type { PaymentEventRow, PaymentRow } from './payment-rows';
import {
  type HistoryJson,
  insertPaymentEvent,
  insertPaymentInStatus,
  updatePaymentStatus,
} from './payment-status-rows';

// The payment state machine. Every change is one UPDATE guarded by the status it leaves (so
// two racing changes cannot both win), one history row, one audit entry and one notification
// to the client, all in the caller's transaction.
const TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['awaiting_confirmation', 'processing', 'completed', 'cancelled'],
  awaiting_confirmation: ['processing', 'completed', 'cancelled'],
  processing: ['completed', 'rejected', 'returned', 'cancelled'],
  completed: [],
  rejected: [],
  returned: [],
  cancelled: [],
};

export type PaymentActor = Pick<AuditEntry, 'actorType' | 'actorId' | 'requestId' | 'ip'>;

// A payment the system makes on an authority given earlier (the pay-out on closing, confirmed
// with a code when the client asked; an escrow release approved by two operators) needs no new code: it alone may go from created
// straight to processing, or completed when internal. Any other payment must be confirmed.
const SKIPS_CONFIRMATION: readonly PaymentStatus[] = ['processing', 'completed'];

export function canMove(from: PaymentStatus, to: PaymentStatus, isPayout = false): boolean {
  if (from === 'created' && SKIPS_CONFIRMATION.includes(to)) return isPayout;
  return TRANSITIONS[from].includes(to);
}

const STATUS_WORDS: Record<PaymentStatus, string> = {
  created: 'was created',
  awaiting_confirmation: 'is waiting for your confirmation',
  processing: 'is being processed',
  completed: 'was completed',
  rejected: 'was rejected',
  returned: 'was returned',
  cancelled: 'was cancelled',
};

type StatusChange = {
  reason?: string | null;
  actor: PaymentActor;
  extra?: Record<string, unknown>;
  challengeId?: string;
  /** A second client told in the same statement (an internal payment's payee); written at now(). */
  alsoNotify?: Omit<NotifyClientInput, 'createdAt'>;
};

/**
 * Moves the payment; false when it is no longer in `payment.status` (someone else moved it).
 * The guarded UPDATE, the history row, the audit entry and the notification (and `alsoNotify`'s)
 * go in one statement (one round trip): the rows are written only when the UPDATE moved the payment.
 * `challengeId` sets the code issued for the payment in the same UPDATE.
 */
export async function changePaymentStatus(
  tx: Queryable,
  payment: PaymentRow,
  to: PaymentStatus,
  input: StatusChange,
): Promise<boolean> {
  return (await moveStatus(tx, payment, to, input, false)) !== undefined;
}

/**
 * `changePaymentStatus`, answering the payment's whole history after the change, read in the
 * same statement (an answer that shows the history needs no second round trip); undefined when
 * the payment was not moved.
 */
export async function changePaymentStatusWithHistory(
  tx: Queryable,
  payment: PaymentRow,
  to: PaymentStatus,
  input: StatusChange,
): Promise<PaymentEventRow[] | undefined> {
  return moveStatus(tx, payment, to, input, true);
}

/** What a status change reads of the payment: a stored row, or a new one about to be written. */
type StatusSubject = Pick<
  PaymentRow,
  | 'id'
  | 'status'
  | 'client_id'
  | 'amount_minor'
  | 'currency'
  | 'payee'
  | 'deactivation_request_id'
  | 'escrow_deal_id'
>;

/** The values of $1 to $24 of the status change's statement (payment-status-rows.ts). */
function statusChangeParams(
  payment: StatusSubject,
  to: PaymentStatus,
  input: StatusChange,
  options: { withHistory: boolean; recordFrom: boolean },
): unknown[] {
  if (!canMove(payment.status, to, Boolean(payment.deactivation_request_id ?? payment.escrow_deal_id)))
    throw new Error(`payment ${payment.id}: ${payment.status} -> ${to} is not allowed`);
  const reason = input.reason ?? null;
  const amount = formatMoney(payment.amount_minor, payment.currency);
  const payee = payment.payee.name ?? '';
  const notification = notificationText({
    title: 'Payment update',
    body: `Your payment of ${amount} to ${payee} ${STATUS_WORDS[to]}.${reason ? ` ${reason}` : ''}`,
  });
  const { actor, alsoNotify } = input;
  const also = alsoNotify ? notificationText(alsoNotify) : undefined;
  return [
    payment.id,
    payment.status,
    to,
    reason,
    actor.actorType === 'anonymous' ? 'system' : actor.actorType,
    actor.actorId ?? null,
    actor.actorType,
    actor.actorId ?? null,
    `payment.${to}`,
    actor.requestId ?? null,
    actor.ip ?? null,
    JSON.stringify({ from: payment.status, to, reason, ...(input.extra ?? {}) }),
    payment.client_id,
    input.challengeId ?? null,
    notification.title,
    notification.body,
    JSON.stringify({
      payment_id: payment.id,
      status: to,
      amount: payment.amount_minor,
      currency: payment.currency,
      payee,
    }),
    options.withHistory,
    alsoNotify?.clientId ?? null,
    alsoNotify?.kind ?? null,
    also?.title ?? null,
    also?.body ?? null,
    alsoNotify ? JSON.stringify(alsoNotify.params ?? {}) : null,
    options.recordFrom,
  ];
}

const historyOf = (history: HistoryJson[] | null): PaymentEventRow[] =>
  (history ?? []).map((event) => ({ ...event, created_at: new Date(event.created_at) }));

async function moveStatus(
  tx: Queryable,
  payment: PaymentRow,
  to: PaymentStatus,
  input: StatusChange,
  withHistory: boolean,
): Promise<PaymentEventRow[] | undefined> {
  const params = statusChangeParams(payment, to, input, { withHistory, recordFrom: false });
  const row = await updatePaymentStatus(tx, params);
  if (!row) return undefined;
  if (input.challengeId) payment.challenge_id = input.challengeId;
  payment.status = to;
  payment.status_reason = input.reason ?? null;
  return historyOf(row.history);
}

/**
 * A new payment written straight into `to` (`created` first in its history): what storing it as
 * `created` and then changing its status writes, in one statement and one row version. `insert`
 * is the payment's INSERT ... RETURNING *, whose own placeholders follow the status change's
 * ($1 to $24: it must write id $1, status $3 and challenge_id $14); `payment` is what it writes.
 */
export async function insertPaymentWithStatus(
  tx: Queryable,
  payment: StatusSubject,
  to: PaymentStatus,
  input: StatusChange,
  insert: { sql: string; params: unknown[] },
): Promise<{ row: PaymentRow; history: PaymentEventRow[] }> {
  const params = statusChangeParams(payment, to, input, { withHistory: true, recordFrom: true });
  const inserted = await insertPaymentInStatus(tx, params, insert);
  if (!inserted) throw new Error(`payment ${payment.id} was not inserted`);
  const { history, ...row } = inserted;
  return { row, history: historyOf(history) };
}

export async function recordPaymentEvent(
  tx: Queryable,
  paymentId: string,
  status: PaymentStatus,
  input: { reason?: string | null; actor: PaymentActor },
): Promise<void> {
  await insertPaymentEvent(tx, {
    paymentId,
    status,
    reason: input.reason ?? null,
    actorType: input.actor.actorType === 'anonymous' ? 'system' : input.actor.actorType,
    actorId: input.actor.actorId ?? null,
  });
}
