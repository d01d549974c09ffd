import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { createHook } from '../../lib/hooks';
import { expirePendingTransfers } from '../ledger';
import { SCA_CODE_SECONDS } from '../sca';
import {
  findSimulatedPayment,
  listExpiredHoldPayments,
  listUnconfirmedPaymentsBefore,
  type SimulatedPayment,
} from './rail-payment-rows';
import { railTimings } from './rail-settings';
import {
  cancelRailSubmission,
  claimDueSimulatorSubmission,
  claimQueuedSimulatorSubmission,
  markSimulatorSubmitted,
} from './rail-submission-rows';
import { applyRailOutcome, type RailCrashHook, type RailOutcome } from './settle-payment';

// The rail outbox (docs/reliability.md, T5). Confirming an external payment writes its
// rail_submissions row in the same transaction as the holds, so a confirmed payment always has
// exactly one. The worker then moves each row on in a transaction of its own, claimed with
// FOR UPDATE SKIP LOCKED: queued -> submitted (sent to the clearing) -> settled, rejected or
// returned. A crash anywhere rolls back at most one step, which the next run (or the next
// process, after a restart) repeats; the row's state makes every step happen once.
const SYSTEM = { actorType: 'system' as const, actorId: null };
const BATCH = 100;

/**
 * A payment whose code can no longer be entered, found by the worker's pass: payments cancels it
 * (under its row lock, in the pass's transaction) and answers true when it was still waiting.
 */
export const unconfirmedPaymentHook = createHook<'expired', [paymentId: string, now: Date], boolean>(
  'rails.unconfirmed_payment',
);

/**
 * The clearing simulator's verdict, by the payee's name, so every path can be shown: a name
 * containing REJECT is rejected, RETURN is returned, anything else settles.
 */
export function simulatedOutcome(payment: SimulatedPayment): { outcome: RailOutcome; reason: string | null } {
  const name = (payment.payee.name ?? '').toUpperCase();
  if (name.includes('REJECT'))
    return { outcome: 'rejected', reason: 'The receiving bank rejected the payment (simulated)' };
  if (name.includes('RETURN'))
    return { outcome: 'returned', reason: 'The receiving bank returned the payment (simulated)' };
  return { outcome: 'settled', reason: null };
}

/** Sends one queued simulator payment to the clearing; false when none is waiting. */
async function submitOne(
  db: Database,
  now: Date,
  delaySeconds: number,
  crashAt: RailCrashHook | undefined,
): Promise<boolean> {
  const submitted = await withTransaction(db, async (tx) => {
    const row = await claimQueuedSimulatorSubmission(tx);
    if (!row) return null;
    crashAt?.('submit_claimed', row.payment_id);
    await markSimulatorSubmitted(tx, row.payment_id, now, new Date(now.getTime() + delaySeconds * 1000));
    crashAt?.('submit_marked', row.payment_id);
    return row.payment_id;
  });
  if (submitted === null) return false;
  crashAt?.('submit_committed', submitted);
  return true;
}

/** Applies the clearing's answer to one submitted payment whose time has come. */
async function settleOne(db: Database, now: Date, crashAt: RailCrashHook | undefined): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const row = await claimDueSimulatorSubmission(tx, now);
    if (!row) return false;
    crashAt?.('settle_claimed', row.payment_id);
    const payment = await findSimulatedPayment(tx, row.payment_id);
    if (!payment) throw new Error(`rail submission without payment ${row.payment_id}`);
    const { outcome, reason } = simulatedOutcome(payment);
    const result = await applyRailOutcome(tx, {
      paymentId: row.payment_id,
      outcome,
      reason,
      actor: SYSTEM,
      crashAt,
    });
    if (!result.applied) await cancelRailSubmission(tx, row.payment_id);
    crashAt?.('outcome_applied', row.payment_id);
    return true;
  });
}

/** A payment whose code can no longer be entered is cancelled after this long. */
export const UNCONFIRMED_PAYMENT_SECONDS = SCA_CODE_SECONDS + 10 * 60;

/**
 * Housekeeping of the same pass: the cancellation of payments whose code expired unused, and
 * the ledger's expiry of timed holds. Payment holds are no longer timed (payment-ledger.ts);
 * a hold placed before that rule that expired is turned into a rejected payment, so the
 * payment says what the ledger did. Each payment moves in a transaction of its own, under its
 * row lock.
 */
async function expireStale(db: Database, now: Date): Promise<number> {
  await expirePendingTransfers(db, now);
  const cutoff = new Date(now.getTime() - UNCONFIRMED_PAYMENT_SECONDS * 1000);
  const unconfirmed = await listUnconfirmedPaymentsBefore(db, cutoff, BATCH);
  const expiredHolds = await listExpiredHoldPayments(db, BATCH);
  let moved = 0;
  for (const { id } of unconfirmed) {
    await withTransaction(db, async (tx) => {
      if (await unconfirmedPaymentHook.run('expired', tx, id, now)) moved++;
    });
  }
  for (const { id } of expiredHolds) {
    await withTransaction(db, async (tx) => {
      const result = await applyRailOutcome(tx, {
        paymentId: id,
        outcome: 'rejected',
        reason: 'The payment was not settled in time and the funds were released',
        actor: SYSTEM,
      });
      if (result.applied) moved++;
    });
  }
  return moved;
}

export type RailRunReport = { submitted: number; resolved: number; expired: number };

/**
 * One pass of the simulator: submit what is queued, settle what is due. `crashAt` is for the
 * crash tests only (rail-crash.test.ts); the worker and the back office never pass it.
 */
export async function runClearingSimulator(
  db: Database,
  options: { now?: Date; delaySeconds?: number; crashAt?: RailCrashHook } = {},
): Promise<RailRunReport> {
  const now = options.now ?? new Date();
  const delaySeconds = options.delaySeconds ?? railTimings().simulatorDelaySeconds;
  const { crashAt } = options;
  const report = { submitted: 0, resolved: 0, expired: 0 };
  while (report.submitted < BATCH && (await submitOne(db, now, delaySeconds, crashAt))) report.submitted++;
  while (report.resolved < BATCH && (await settleOne(db, now, crashAt))) report.resolved++;
  report.expired = await expireStale(db, now);
  return report;
}
