import type { Tariff } from '../brand/tariff-schema';
import type { ExchangeRate } from '../fx-rates/exchange-rate';
import { minorUnitsFromBigInt } from '../money/minor-units';
import { applyRatePpm } from '../money/rounding';
import { convertReceived } from './convert';

// The escrow fees of the tariff (docs/requirements/escrow.md), in the tariff's currency (EUR):
// opening 1% of the deal, at least the standard or non-standard minimum, rounded up to the
// minor unit; servicing per deal (free for a standard deal); a fixed fee per condition the
// officer verifies; a fixed fee per change to a running deal.
//
// A deal in another currency: the tariff states its fixed amounts in EUR only, so each one is
// converted at the reference rate from EUR to the deal's currency (`rate`, fixed when the deal is
// proposed) and rounded toward the client, as decision 0020 rounds an exchange: down to the minor
// unit. The 1% is taken of the deal's own amount, as for a EUR deal.

export type EscrowFeeKind = 'opening' | 'servicing' | 'document_verification' | 'change';
export type EscrowFeePayer = 'buyer' | 'presenter' | 'requester';
export type EscrowFeeLine = {
  kind: EscrowFeeKind;
  amount: number;
  payer: EscrowFeePayer;
  /** When the fee is charged: at funding, per verified condition, per change. */
  per: 'deal' | 'condition' | 'change';
};

/** The rate from the tariff's currency to the deal's; undefined for a deal in the tariff's currency. */
export type EscrowFeeRate = ExchangeRate | undefined;

/** A fixed tariff amount (EUR) in the deal's currency, rounded down (decision 0020). */
export function escrowTariffAmount(amountInTariff: number, rate: EscrowFeeRate): number {
  return rate ? convertReceived(amountInTariff, rate) : amountInTariff;
}

export function escrowOpeningFee(
  tariff: Tariff,
  amount: number,
  standard: boolean,
  rate?: EscrowFeeRate,
): number {
  const { rate_ppm, minimum_standard, minimum_non_standard } = tariff.escrow.opening;
  const percent = minorUnitsFromBigInt(applyRatePpm(amount, rate_ppm, 'up'));
  return Math.max(escrowTariffAmount(standard ? minimum_standard : minimum_non_standard, rate), percent);
}

export function escrowServicingFee(tariff: Tariff, standard: boolean, rate?: EscrowFeeRate): number {
  const { servicing } = tariff.escrow;
  return escrowTariffAmount(standard ? servicing.standard : servicing.non_standard, rate);
}

export function escrowChangeFee(tariff: Tariff, standard: boolean, rate?: EscrowFeeRate): number {
  return escrowTariffAmount(
    standard ? tariff.escrow.changes.standard : tariff.escrow.changes.non_standard,
    rate,
  );
}

export function escrowVerificationFee(tariff: Tariff, rate?: EscrowFeeRate): number {
  return escrowTariffAmount(tariff.escrow.document_verification, rate);
}

/**
 * Every fee a deal may carry, with who pays it, as shown before anyone commits. The buyer pays
 * opening and servicing when funding; the party that presents a condition's documents pays its
 * verification; a change is paid by whoever asks for it.
 */
export function escrowFeeSchedule(
  tariff: Tariff,
  amount: number,
  standard: boolean,
  rate?: EscrowFeeRate,
): EscrowFeeLine[] {
  return [
    {
      kind: 'opening',
      amount: escrowOpeningFee(tariff, amount, standard, rate),
      payer: 'buyer',
      per: 'deal',
    },
    { kind: 'servicing', amount: escrowServicingFee(tariff, standard, rate), payer: 'buyer', per: 'deal' },
    {
      kind: 'document_verification',
      amount: escrowVerificationFee(tariff, rate),
      payer: 'presenter',
      per: 'condition',
    },
    { kind: 'change', amount: escrowChangeFee(tariff, standard, rate), payer: 'requester', per: 'change' },
  ];
}

/** What funding takes from the buyer on top of the amount: opening plus servicing. */
export function escrowFundingFees(
  tariff: Tariff,
  amount: number,
  standard: boolean,
  rate?: EscrowFeeRate,
): number {
  return escrowOpeningFee(tariff, amount, standard, rate) + escrowServicingFee(tariff, standard, rate);
}
