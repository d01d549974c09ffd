import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { applyRailOutcome, lockRailSubmission } from '../rails';
import { stopUnsentPayment } from './cancel-payment';
import { findPayment, type PaymentRow, setPaymentOnHold } from './payment-rows';
import { type PaymentActor, recordPaymentEvent } from './payment-status';

// The back office's hands on a payment (docs/requirements/payments.md): hold one that has not been
// sent (the rail worker and the file export skip it), release it, or return it with a reason, which
// voids its holds so the money goes back to the client, or void (stop) one before it leaves. Each
// is audited with the operator's reason.

async function processingPayment(tx: Queryable, id: string): Promise<PaymentRow> {
  const payment = await findPayment(tx, id, true);
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'processing')
    throw new AppError(
      'payment_not_processing',
      'Only a payment in processing can be held, released or returned',
    );
  return payment;
}

export async function setPaymentHold(
  tx: Queryable,
  input: { paymentId: string; hold: boolean; reason: string; actor: PaymentActor },
): Promise<PaymentRow> {
  const payment = await processingPayment(tx, input.paymentId);
  if ((await lockRailSubmission(tx, payment.id)) !== 'queued')
    throw new AppError('payment_already_sent', 'This payment has been sent to the rail already');
  if (payment.on_hold === input.hold)
    throw new AppError(
      input.hold ? 'payment_already_held' : 'payment_not_held',
      input.hold ? 'The payment is on hold already' : 'The payment is not on hold',
    );
  await setPaymentOnHold(tx, payment.id, input.hold);
  await recordPaymentEvent(tx, payment.id, 'processing', {
    reason: `${input.hold ? 'Held' : 'Released'} by operations: ${input.reason}`,
    actor: input.actor,
  });
  await writeAuditEntry(tx, {
    ...input.actor,
    action: input.hold ? 'payment.held' : 'payment.released',
    objectType: 'payment',
    objectId: payment.id,
    details: { reason: input.reason },
  });
  return { ...payment, on_hold: input.hold };
}

export async function returnPayment(
  tx: Queryable,
  input: { paymentId: string; reason: string; actor: PaymentActor },
): Promise<void> {
  await processingPayment(tx, input.paymentId);
  await lockRailSubmission(tx, input.paymentId);
  const result = await applyRailOutcome(tx, {
    paymentId: input.paymentId,
    outcome: 'returned',
    reason: input.reason,
    actor: input.actor,
  });
  if (!result.applied) throw new AppError('payment_not_processing', 'The payment is no longer in processing');
}

/**
 * Stops a payment before it leaves: still waiting for the client's code, or confirmed but not
 * yet handed to the rail (queued, held or not). The same path as the client's own cancel: the
 * holds are voided, the client sees it cancelled with the operator's reason and is notified.
 */
export async function voidPayment(
  tx: Queryable,
  input: { paymentId: string; reason: string; actor: PaymentActor },
): Promise<PaymentRow> {
  const payment = await findPayment(tx, input.paymentId, true);
  if (!payment) throw notFound('Payment');
  return stopUnsentPayment(tx, payment, {
    reason: `Stopped by operations: ${input.reason}`,
    actor: input.actor,
    extra: { operator_action: 'void' },
  });
}
