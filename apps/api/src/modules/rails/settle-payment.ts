import type { PaymentStatus } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { createHook } from '../../lib/hooks';
import type { AuditEntry } from '../audit';
import { resolveRailSubmission } from './rail-submission-rows';

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

/** Who gave the answer, as the audit log records it: the system (simulator, expiry) or an operator. */
export type RailActor = Pick<AuditEntry, 'actorType' | 'actorId' | 'requestId' | 'ip'>;

export type RailAnswer = {
  paymentId: string;
  outcome: RailOutcome;
  reason: string | null;
  actor: RailActor;
  crashAt?: RailCrashHook | undefined;
};

/** Whether the answer moved the payment, and the payment's status after it (null: no such payment). */
export type SettleResult = { applied: boolean; status: PaymentStatus | null };

/**
 * The payment's side of an answer, which payments owns (registered in module-hooks.ts for each
 * outcome): it locks the payment, leaves one no longer in `processing` alone, posts or voids the
 * holds (reaching `holds_resolved` between), moves the status and tells the product whose
 * pay-out it is, all in the caller's transaction.
 */
export const railAnswerHook = createHook<RailOutcome, [answer: RailAnswer], SettleResult>('rails.answer');

export async function applyRailOutcome(tx: Queryable, input: RailAnswer): Promise<SettleResult> {
  const result = await railAnswerHook.run(input.outcome, tx, input);
  if (!result.applied) return result;
  await resolveRailSubmission(tx, input.paymentId, result.status === 'completed' ? 'settled' : result.status);
  return result;
}
