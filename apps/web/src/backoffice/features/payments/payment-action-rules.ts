import type { OperatorPayment } from '@bluepeak/core/payments';
import type { BatchAction, PaymentAction } from './api';

type PaymentState = Pick<OperatorPayment, 'status' | 'on_hold' | 'rail_state'>;

/**
 * Which actions a payment's state allows, mirroring what the API accepts (operator-actions.ts):
 * hold and release while it waits in the rail outbox; void (stop) before the rail has it,
 * including while it waits for the client's code; return once the rail has it.
 */
export function allowedActions(payment: PaymentState): PaymentAction[] {
  const waiting = payment.status === 'created' || payment.status === 'awaiting_confirmation';
  const queued = payment.status === 'processing' && payment.rail_state === 'queued';
  const sent = payment.status === 'processing' && payment.rail_state === 'submitted';
  const actions: PaymentAction[] = [];
  if (queued) actions.push(payment.on_hold ? 'release' : 'hold');
  if (waiting || queued) actions.push('void');
  if (sent) actions.push('return');
  return actions;
}

/**
 * What a whole batch's status allows, as the API accepts it (backoffice-batch-routes.ts): a
 * confirmed batch with open rows is held or returned, a held one released or returned.
 */
export function allowedBatchActions(status: string): BatchAction[] {
  if (status === 'processing') return ['hold', 'return'];
  if (status === 'on_hold') return ['release', 'return'];
  return [];
}
