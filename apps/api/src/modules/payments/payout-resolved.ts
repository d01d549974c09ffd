import type { Queryable } from '../../db/database';
import { createHook } from '../../lib/hooks';
import type { PaymentRow } from './payment-rows';
import type { PaymentActor } from './payment-status';

// A pay-out the system makes for a product above payments (the pay-out of a closing, an escrow
// release to an outside seller) ends in that product: once the payment is settled, rejected,
// returned, cancelled or voided, the product that made it is told in the same transaction, so the
// money's movement and its follow-up commit together. The key is what the payment pays out; each
// product registers its handler in module-hooks.ts.
export type PayoutKind = 'deactivation' | 'escrow';

export const payoutResolvedHook = createHook<PayoutKind, [payment: PaymentRow, actor: PaymentActor]>(
  'payments.payout_resolved',
);

/** Tells the product whose pay-out `payment` is that it reached `payment.status`; an ordinary payment tells none. */
export async function tellPayoutResolved(
  tx: Queryable,
  payment: PaymentRow,
  actor: PaymentActor,
): Promise<void> {
  if (payment.deactivation_request_id) await payoutResolvedHook.run('deactivation', tx, payment, actor);
  if (payment.escrow_deal_id) await payoutResolvedHook.run('escrow', tx, payment, actor);
}
