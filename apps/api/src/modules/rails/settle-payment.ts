import type { Queryable } from '../../db/database';
import { onPayoutResolved } from '../deactivation';
import { onEscrowPayoutResolved } from '../escrow';
import {
  changePaymentStatus,
  findPayment,
  type PaymentActor,
  type PaymentRow,
  resolvePaymentHolds,
} from '../payments';

// A rail's answer for one payment, from whichever channel brought it (the simulator, a pain.002
// file, an operator): settled posts the holds and completes the payment; rejected or returned
// voids them, so the money comes back. Exactly one answer wins: the payment row is locked and a
// payment no longer in `processing` is left alone.
export type RailOutcome = 'settled' | 'rejected' | 'returned';

/**
 * The rail worker's recovery points (docs/reliability.md, T5): where a crash test stops it, either
 * inside a transaction (which then rolls back) or between two (the first stays committed).
 * - `submit_claimed`: a queued row is locked, nothing changed yet;
 * - `submit_marked`: the row says submitted, not yet committed;
 * - `submit_committed`: the submission is committed, the clearing's answer not yet applied;
 * - `settle_claimed`: a due submitted row is locked;
 * - `holds_resolved`: the holds are posted or voided, the payment's status not yet changed;
 * - `outcome_applied`: the answer is applied, not yet committed.
 */
export type RailStep =
  | 'submit_claimed'
  | 'submit_marked'
  | 'submit_committed'
  | 'settle_claimed'
  | 'holds_resolved'
  | 'outcome_applied';

/**
 * Called at each recovery point by crash tests, which throw or end the process there. Production
 * passes none, so each point costs one check of `undefined`.
 */
export type RailCrashHook = (step: RailStep, paymentId: string) => void;

export type SettleResult = { applied: boolean; status: PaymentRow['status'] | null };

export async function applyRailOutcome(
  tx: Queryable,
  input: {
    paymentId: string;
    outcome: RailOutcome;
    reason: string | null;
    actor: PaymentActor;
    crashAt?: RailCrashHook | undefined;
  },
): Promise<SettleResult> {
  const payment = await findPayment(tx, input.paymentId, true);
  if (!payment) return { applied: false, status: null };
  if (payment.status !== 'processing') return { applied: false, status: payment.status };
  let status: 'completed' | 'rejected' | 'returned' =
    input.outcome === 'settled' ? 'completed' : input.outcome === 'rejected' ? 'rejected' : 'returned';
  let reason = input.reason;
  const resolved = await resolvePaymentHolds(tx, payment, input.outcome === 'settled' ? 'post' : 'void');
  if (!resolved.ok && input.outcome === 'settled') {
    // The hold expired before the rail answered: the ledger gave the money back already.
    status = 'rejected';
    reason = 'The payment was not settled in time and the funds were released';
  }
  input.crashAt?.('holds_resolved', payment.id);
  await changePaymentStatus(tx, payment, status, { reason, actor: input.actor });
  await tx.query(`UPDATE rail_submissions SET state = $2, resolved_at = now() WHERE payment_id = $1`, [
    payment.id,
    status === 'completed' ? 'settled' : status,
  ]);
  // A closing's pay-out: its arrival may close the accounts, its return reopens the review.
  await onPayoutResolved(tx, payment, input.actor);
  // An escrow release to an outside seller that came back is held in escrow again.
  await onEscrowPayoutResolved(tx, payment);
  return { applied: true, status };
}
