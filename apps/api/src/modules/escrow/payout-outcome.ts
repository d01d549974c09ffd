import type { Queryable } from '../../db/database';
import type { PaymentRow } from '../payments';
import { lockDeal, setDealStatus } from './escrow-rows';
import { recordStep } from './escrow-steps';

// Where an outside seller's release ends (docs/requirements/escrow.md, "Outside sellers").
// Payments' payoutResolvedHook runs it (key `escrow`, module-hooks.ts) in the transaction that
// resolves the payment (the rail's answer in applyRailAnswer, an operator's void in
// stopUnsentPayment). Settled: nothing more to do. Rejected, returned or
// voided: the payment's hold is void (or its money came back), so the amount is in the escrow
// account again, and the deal is held again (funded) for the escrow desk to release or refund anew.
export async function onEscrowPayoutResolved(tx: Queryable, payment: PaymentRow): Promise<void> {
  if (!payment.escrow_deal_id || payment.status === 'completed' || payment.status === 'processing') return;
  const deal = await lockDeal(tx, payment.escrow_deal_id);
  if (deal.status !== 'released' || deal.payout_payment_id !== payment.id) return;
  await setDealStatus(tx, deal.id, 'funded', { payout_transfer_id: null, payout_payment_id: null });
  await recordStep(
    tx,
    deal,
    'release_returned',
    { type: 'system' },
    {
      payment: payment.id,
      payment_status: payment.status,
      reason: payment.status_reason ?? null,
    },
  );
}
