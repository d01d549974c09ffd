import type { Tariff } from '../brand/tariff-schema';
import { minorUnitsFromBigInt } from '../money/minor-units';
import { applyRatePpm } from '../money/rounding';

// The escrow fees of the tariff (docs/requirements/escrow.md), in the tariff's currency (EUR):
// opening 1% of the deal, at least the standard or non-standard minimum, rounded up to the
// minor unit; servicing per deal (free for a standard deal); a fixed fee per condition the
// officer verifies; a fixed fee per change to a running deal.

export type EscrowFeeKind = 'opening' | 'servicing' | 'document_verification' | 'change';
export type EscrowFeePayer = 'buyer' | 'presenter' | 'requester';
export type EscrowFeeLine = {
  kind: EscrowFeeKind;
  amount: number;
  payer: EscrowFeePayer;
  /** When the fee is charged: at funding, per verified condition, per change. */
  per: 'deal' | 'condition' | 'change';
};

export function escrowOpeningFee(tariff: Tariff, amount: number, standard: boolean): number {
  const { rate_ppm, minimum_standard, minimum_non_standard } = tariff.escrow.opening;
  const percent = minorUnitsFromBigInt(applyRatePpm(amount, rate_ppm, 'up'));
  return Math.max(standard ? minimum_standard : minimum_non_standard, percent);
}

export function escrowServicingFee(tariff: Tariff, standard: boolean): number {
  return standard ? tariff.escrow.servicing.standard : tariff.escrow.servicing.non_standard;
}

export function escrowChangeFee(tariff: Tariff, standard: boolean): number {
  return standard ? tariff.escrow.changes.standard : tariff.escrow.changes.non_standard;
}

/**
 * Every fee a deal may carry, with who pays it, as shown before anyone commits. The buyer pays
 * opening and servicing when funding; the party that presents a condition's documents pays its
 * verification; a change is paid by whoever asks for it.
 */
export function escrowFeeSchedule(tariff: Tariff, amount: number, standard: boolean): EscrowFeeLine[] {
  return [
    { kind: 'opening', amount: escrowOpeningFee(tariff, amount, standard), payer: 'buyer', per: 'deal' },
    { kind: 'servicing', amount: escrowServicingFee(tariff, standard), payer: 'buyer', per: 'deal' },
    {
      kind: 'document_verification',
      amount: tariff.escrow.document_verification,
      payer: 'presenter',
      per: 'condition',
    },
    { kind: 'change', amount: escrowChangeFee(tariff, standard), payer: 'requester', per: 'change' },
  ];
}

/** What funding takes from the buyer on top of the amount: opening plus servicing. */
export function escrowFundingFees(tariff: Tariff, amount: number, standard: boolean): number {
  return escrowOpeningFee(tariff, amount, standard) + escrowServicingFee(tariff, standard);
}
