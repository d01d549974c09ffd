import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { retireChallenge } from '../auth';
import { cancelRailSubmission, lockRailSubmission } from '../rails';
import { resolvePaymentHolds } from './payment-ledger';
import { findClientPayment, type PaymentRow } from './payment-rows';
import { changePaymentStatus, type PaymentActor } from './payment-status';
import { tellPayoutResolved } from './payout-resolved';

/**
 * Stops a payment that has not left, whoever asks (the client cancelling, an operator voiding
 * it): one still waiting for its code, or one whose rail submission is still queued (not yet
 * sent), whose holds are then voided. `payment` must be locked by the caller's transaction.
 * Anything later is refused: once the rail has it, only the rail's answer (or a return) ends it.
 */
export async function stopUnsentPayment(
  tx: Queryable,
  payment: PaymentRow,
  input: { reason: string; actor: PaymentActor; extra?: Record<string, unknown> },
): Promise<PaymentRow> {
  const change = { reason: input.reason, actor: input.actor, extra: input.extra };
  if (payment.status === 'awaiting_confirmation' || payment.status === 'created') {
    await retireChallenge(tx, payment.challenge_id);
    await changePaymentStatus(tx, payment, 'cancelled', change);
    return payment;
  }
  if (payment.status !== 'processing')
    throw new AppError('payment_not_cancellable', 'This payment can no longer be cancelled');
  if ((await lockRailSubmission(tx, payment.id)) !== 'queued')
    throw new AppError('payment_already_sent', 'This payment has been sent and can no longer be cancelled');
  await resolvePaymentHolds(tx, payment, 'void');
  await cancelRailSubmission(tx, payment.id);
  await changePaymentStatus(tx, payment, 'cancelled', change);
  // A stopped pay-out of a closing puts the money back: the request returns to review; a stopped
  // escrow release is held in escrow again.
  await tellPayoutResolved(tx, payment, input.actor);
  return payment;
}

/**
 * The client cancels one of their own payments that has not been sent yet, in the caller's
 * transaction (which keeps the answer for a retry with the same Idempotency-Key).
 */
export async function cancelPayment(
  tx: Queryable,
  input: { clientId: string; paymentId: string; actor: PaymentActor; reason?: string },
): Promise<PaymentRow> {
  const payment = await findClientPayment(tx, input.clientId, input.paymentId, true);
  if (!payment) throw notFound('Payment');
  // An escrow release is the escrow desk's payment from the escrow account, not the buyer's to stop.
  if (payment.escrow_deal_id)
    throw new AppError('payment_not_cancellable', 'This payment can no longer be cancelled');
  return stopUnsentPayment(tx, payment, {
    reason: input.reason ?? 'Cancelled by the client',
    actor: input.actor,
  });
}
