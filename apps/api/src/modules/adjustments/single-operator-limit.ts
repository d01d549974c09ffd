import { advisoryTransactionLock } from '../../db/advisory-lock';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { eurEquivalentMinor } from './approval-threshold';
import {
  insertSingleOperatorCredit,
  type SingleOperatorCredit,
  singleOperatorTotals,
} from './single-operator-credit-rows';

// What one operator may bring in alone (docs/incoming-money.md, "Four eyes"): a credit typed by
// hand or an unmatched bank credit assigned is booked by its operator alone only while the
// operator's euro total over the last 24 hours, and the client account's, stay at or below the
// approval threshold with it; otherwise it waits for a second operator. Only what was booked
// alone counts (single_operator_credits): an approved credit had four eyes, and a pending one
// moves no money until a second operator approves it.

/** A euro figure as the audit log keeps it: a number while exact, its digits past 2^53. */
type AuditMinor = number | string;
const auditMinor = (value: bigint): AuditMinor =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();

/** Why a credit waits for a second operator, as the audit log records it. */
export type FourEyesReason = {
  reason: 'single_credit' | 'operator_total' | 'account_total';
  eur_minor: AuditMinor | null;
  operator_total_eur_minor: AuditMinor | null;
  account_total_eur_minor: AuditMinor | null;
  threshold_eur_minor: number;
};

export type LimitVerdict = { alone: true; eurMinor: number } | { alone: false; fourEyes: FourEyesReason };

const WINDOW_MS = 24 * 60 * 60 * 1000;
const LOCK_SCOPE = 'single-operator-credit';

/**
 * Decides whether the operator books this credit alone, and if so records it in the totals, in
 * the caller's transaction. The operator's and the account's locks are held until that
 * transaction ends, so two requests at once are counted one after the other, never both
 * against the same total. Locks are taken operator first, then account, in every caller.
 */
export async function claimSingleOperatorCredit(
  tx: Queryable,
  credit: SingleOperatorCredit,
  options: { thresholdMinor: number; now: Date },
): Promise<LimitVerdict> {
  const threshold = BigInt(options.thresholdMinor);
  const eur = eurEquivalentMinor(credit.amountMinor, credit.currency);
  const waits = (reason: FourEyesReason['reason'], totals?: { operator: bigint; account: bigint }) => ({
    alone: false as const,
    fourEyes: {
      reason,
      eur_minor: eur === null ? null : auditMinor(eur),
      operator_total_eur_minor: totals ? auditMinor(totals.operator) : null,
      account_total_eur_minor: totals ? auditMinor(totals.account) : null,
      threshold_eur_minor: options.thresholdMinor,
    },
  });
  if (eur === null || eur > threshold) return waits('single_credit');
  await advisoryTransactionLock(tx, LOCK_SCOPE, `operator:${credit.operatorId}`);
  await advisoryTransactionLock(tx, LOCK_SCOPE, `account:${credit.clientAccountId}`);
  const row = await singleOperatorTotals(
    tx,
    credit.operatorId,
    credit.clientAccountId,
    new Date(options.now.getTime() - WINDOW_MS),
  );
  const totals = { operator: BigInt(row?.operator_total ?? 0), account: BigInt(row?.account_total ?? 0) };
  if (totals.operator + eur > threshold) return waits('operator_total', totals);
  if (totals.account + eur > threshold) return waits('account_total', totals);
  const inserted = await insertSingleOperatorCredit(tx, credit, Number(eur), options.now);
  // The same reference booked by a request that held the lock first.
  if (inserted.length === 0)
    throw new AppError('incoming_payment_exists', 'A payment with this bank reference is already recorded');
  return { alone: true, eurMinor: Number(eur) };
}
