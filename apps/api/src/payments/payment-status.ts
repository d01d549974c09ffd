import { currencyByCode, formatMinorUnits } from '@bluepeak/core';
import type { PaymentStatus } from '@bluepeak/core/payments';
import { type AuditEntry, writeAuditEntry } from '../audit/write-audit-entry';
import type { Queryable } from '../db/database';
import { notifyClient } from '../notifications/notify-client';
import type { PaymentRow } from './payment-rows';

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

// A payment the system makes on an authority the client gave earlier (the pay-out on closing,
// confirmed with a code when the client asked) needs no new code: it alone may go from created
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

/** Moves the payment; false when it is no longer in `payment.status` (someone else moved it). */
export async function changePaymentStatus(
  tx: Queryable,
  payment: PaymentRow,
  to: PaymentStatus,
  input: { reason?: string | null; actor: PaymentActor; extra?: Record<string, unknown> },
): Promise<boolean> {
  if (!canMove(payment.status, to, Boolean(payment.deactivation_request_id)))
    throw new Error(`payment ${payment.id}: ${payment.status} -> ${to} is not allowed`);
  const moved = await tx.query(
    `UPDATE payments SET status = $3, status_reason = $4, updated_at = now(),
       confirmed_at = CASE WHEN $3 IN ('processing', 'completed') THEN coalesce(confirmed_at, now()) ELSE confirmed_at END
     WHERE id = $1 AND status = $2 RETURNING id`,
    [payment.id, payment.status, to, input.reason ?? null],
  );
  if (moved.length === 0) return false;
  await recordPaymentEvent(tx, payment.id, to, input);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: `payment.${to}`,
    objectType: 'payment',
    objectId: payment.id,
    details: { from: payment.status, to, reason: input.reason ?? null, ...(input.extra ?? {}) },
  });
  const amount = `${formatMinorUnits(payment.amount_minor, currencyByCode(payment.currency)?.exponent ?? 2)} ${payment.currency}`;
  const payee = payment.payee.name ?? '';
  await notifyClient(tx, {
    clientId: payment.client_id,
    kind: 'payment_status_changed',
    title: 'Payment update',
    body: `Your payment of ${amount} to ${payee} ${STATUS_WORDS[to]}.${input.reason ? ` ${input.reason}` : ''}`,
    params: {
      payment_id: payment.id,
      status: to,
      amount: payment.amount_minor,
      currency: payment.currency,
      payee,
    },
  });
  payment.status = to;
  payment.status_reason = input.reason ?? null;
  return true;
}

export async function recordPaymentEvent(
  tx: Queryable,
  paymentId: string,
  status: PaymentStatus,
  input: { reason?: string | null; actor: PaymentActor },
): Promise<void> {
  await tx.query(
    `INSERT INTO payment_events (payment_id, status, reason, actor_type, actor_id) VALUES ($1, $2, $3, $4, $5)`,
    [
      paymentId,
      status,
      input.reason ?? null,
      input.actor.actorType === 'anonymous' ? 'system' : input.actor.actorType,
      input.actor.actorId ?? null,
    ],
  );
}
