import { type ClientStatus, hasStatus } from '../onboarding/client-status';
import type { DeactivationAccount, DeactivationBlocker, DeactivationPayout } from './deactivation-schemas';
import type { PayoutLine } from './payout-plan';

// The rules of closing an account (docs/requirements/deactivation.md), pure so the client page, the
// back office and the API apply the same ones. Money is integer minor units throughout.

/** A deactivation request is decided within 24 hours (docs/requirements/deactivation.md). */
export const DEACTIVATION_REVIEW_HOURS = 24;
const HOUR_MS = 3_600_000;

/** Only an approved client has accounts to close; every other status has nothing to ask for. */
export function mayRequestDeactivation(client: { status: ClientStatus | string }): boolean {
  return hasStatus(client, 'APPROVED');
}

export function deactivationDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + DEACTIVATION_REVIEW_HOURS * HOUR_MS);
}

export function isDeactivationOverdue(requestedAt: Date, now: Date): boolean {
  return now.getTime() > deactivationDueAt(requestedAt).getTime();
}

/** Whole hours since the request, never negative (clocks of two machines may differ a little). */
export function deactivationAgeHours(requestedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - requestedAt.getTime()) / HOUR_MS));
}

export type BlockerInput = {
  accounts: readonly DeactivationAccount[];
  /** Payments of the client not yet finished (awaiting a code or with the rail). */
  openPayments: number;
  payout: DeactivationPayout | null;
};

/**
 * What stops a request from being made: money still on its way (open payments, held funds),
 * and money left with nowhere to go (a balance while the client says it is zero).
 */
export function requestBlockers(input: BlockerInput): DeactivationBlocker[] {
  const blockers: DeactivationBlocker[] = [];
  if (input.openPayments > 0) blockers.push('pending_payments');
  if (input.accounts.some((account) => account.available !== account.balance)) blockers.push('held_funds');
  const hasMoney = input.accounts.some((account) => account.balance > 0);
  if (hasMoney && input.payout?.kind !== 'recipient') blockers.push('balance_without_payout');
  return blockers;
}

export type ClosingPlan = {
  /** What the closing fee takes from the account in the tariff's currency. */
  feeCharged: number;
  /** The part of the fee the account could not cover; it is waived, never a debt. */
  feeWaived: number;
  /** What stays in each account after the fee: it must be paid out before the accounts close. */
  remaining: { accountId: string; currency: string; amount: number }[];
};

/**
 * The closing fee comes from the account in the tariff's currency, up to what it holds: no
 * balance ever goes below zero, and an account cannot be closed owing money.
 */
export function planClosing(
  accounts: readonly DeactivationAccount[],
  fee: { amount: number; currency: string },
): ClosingPlan {
  const feeAccount = accounts.find((account) => account.currency === fee.currency);
  const feeCharged = Math.min(fee.amount, Math.max(0, feeAccount?.available ?? 0));
  const remaining = accounts
    .map((account) => ({
      accountId: account.id,
      currency: account.currency,
      amount: account.balance - (account === feeAccount ? feeCharged : 0),
    }))
    .filter((line) => line.amount !== 0);
  return { feeCharged, feeWaived: fee.amount - feeCharged, remaining };
}

/**
 * What stops an operator from approving now: money on its way, and a balance left after the
 * closing fee that cannot be paid out to the chosen recipient (`payouts`: planPayouts of what
 * planClosing leaves). A payable remainder is paid out on approval and blocks nothing.
 */
export function approvalBlockers(
  input: Omit<BlockerInput, 'payout'> & { payouts: readonly PayoutLine[] },
): DeactivationBlocker[] {
  const blockers: DeactivationBlocker[] = [];
  if (input.openPayments > 0) blockers.push('pending_payments');
  if (input.accounts.some((account) => account.available !== account.balance)) blockers.push('held_funds');
  if (input.payouts.some((line) => !line.payable)) blockers.push('balance_remains');
  return blockers;
}
