import type { Queryable } from '../../db/database';
import { retireChallenge } from '../auth';
import type { RailAnswer, SettleResult } from '../rails';
import { resolvePaymentHolds } from './payment-ledger';
import { findPayment, setPaymentsFile } from './payment-rows';
import { changePaymentStatus } from './payment-status';
import { tellPayoutResolved } from './payout-resolved';

// The payment's side of what the rails do (their hooks, registered in module-hooks.ts): the rail's
// answer, a pain.001 file written, a payment whose code expired. Each runs in the rail's
// transaction, so the rail's row and the payment move together.
const SYSTEM = { actorType: 'system' as const, actorId: null };

/**
 * A rail's answer for one payment: settled posts the holds and completes the payment; rejected or
 * returned voids them, so the money comes back. Exactly one answer wins: the payment row is locked
 * and a payment no longer in `processing` is left alone.
 */
export async function applyRailAnswer(tx: Queryable, input: RailAnswer): Promise<SettleResult> {
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
  // A closing's pay-out: its arrival may close the accounts, its return reopens the review. An
  // escrow release to an outside seller that came back is held in escrow again.
  await tellPayoutResolved(tx, payment, input.actor);
  return { applied: true, status };
}

/** The payments the rails wrote into one pain.001 file point at it. */
export async function recordPaymentFile(tx: Queryable, paymentIds: string[], fileId: string): Promise<void> {
  await setPaymentsFile(tx, paymentIds, fileId);
}

/** Cancels a payment whose code can no longer be entered; false when it is no longer waiting for it. */
export async function expireUnconfirmedPayment(
  tx: Queryable,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const payment = await findPayment(tx, paymentId, true);
  if (payment?.status !== 'awaiting_confirmation') return false;
  await retireChallenge(tx, payment.challenge_id, now);
  await changePaymentStatus(tx, payment, 'cancelled', {
    reason: 'The payment was not confirmed in time',
    actor: SYSTEM,
  });
  return true;
}
