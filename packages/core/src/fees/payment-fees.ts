import type { Tariff } from '../brand/tariff-schema';
import { minorUnitsFromBigInt } from '../money/minor-units';
import { applyRatePpm } from '../money/rounding';
import type { CountryRegion } from '../reference/countries';

// The fees of docs/requirements/tariff.md as functions of the published tariff, so the fees page and the
// charging code read one object. Every figure is in the tariff's currency (EUR); a caller that
// charges another currency converts the result with `convertCost` at the market rate.
// Percentages round up: a fee never comes out below the published rate.

export type PaymentType = 'sepa' | 'faster_pay' | 'internal' | 'international';

export type FeePart = { kind: 'sepa' | 'international' | 'high_risk_surcharge' | 'incoming'; amount: number };
export type FeeQuote = { currency: string; total: number; parts: FeePart[] };

export type OutgoingFeeInput = {
  type: PaymentType;
  /** The payment amount expressed in the tariff's currency, in minor units. */
  amountInTariffCurrency: number;
  /** The payee's country (or its bank's) is on the high-risk list. */
  highRisk: boolean;
};

function percent(amount: number, ratePpm: number): number {
  return minorUnitsFromBigInt(applyRatePpm(amount, ratePpm, 'up'));
}

function quote(tariff: Tariff, parts: FeePart[]): FeeQuote {
  const nonZero = parts.filter((part) => part.amount > 0);
  return {
    currency: tariff.currency,
    total: nonZero.reduce((sum, part) => sum + part.amount, 0),
    parts: nonZero,
  };
}

/**
 * Outgoing payment fee. SEPA: the fixed fee. International (SWIFT): the percentage, at least the
 * minimum ("€75 or 0.2%, min 75"). Faster Payments and payments between our own clients carry no
 * published fee. The high-risk surcharge adds its percentage to any outgoing payment.
 */
export function outgoingPaymentFee(tariff: Tariff, input: OutgoingFeeInput): FeeQuote {
  const { outgoing } = tariff;
  const parts: FeePart[] = [];
  if (input.type === 'sepa') parts.push({ kind: 'sepa', amount: outgoing.sepa_fixed });
  if (input.type === 'international') {
    const { rate_ppm, minimum } = outgoing.international;
    parts.push({
      kind: 'international',
      amount: Math.max(minimum, percent(input.amountInTariffCurrency, rate_ppm)),
    });
  }
  if (input.highRisk && input.type !== 'internal') {
    parts.push({
      kind: 'high_risk_surcharge',
      amount: percent(input.amountInTariffCurrency, tariff.high_risk_surcharge_ppm),
    });
  }
  return quote(tariff, parts);
}

/**
 * Incoming payment fee by where the money comes from: EEA payments 0.15% (minimum 20),
 * international 0.2%. Domestic UK payments carry no published fee. The fee never exceeds the
 * payment, so a small credit is not turned into a debt.
 */
export function incomingPaymentFee(
  tariff: Tariff,
  input: { amountInTariffCurrency: number; senderRegion: CountryRegion },
): FeeQuote {
  if (input.senderRegion === 'UK') return quote(tariff, []);
  const { rate_ppm, minimum } =
    input.senderRegion === 'EEA' ? tariff.incoming.eea : tariff.incoming.international;
  const amount = Math.min(
    input.amountInTariffCurrency,
    Math.max(minimum, percent(input.amountInTariffCurrency, rate_ppm)),
  );
  return quote(tariff, [{ kind: 'incoming', amount }]);
}

/** The account-opening fee for the client's region (UK, EEA or international). */
export function accountOpeningFee(tariff: Tariff, region: CountryRegion): number {
  return tariff.account.opening[region];
}

/**
 * The account-closing fee for the client's region, charged when an operator approves the client's
 * deactivation request (docs/requirements/deactivation.md). The published tariff has it at zero
 * everywhere.
 */
export function accountClosingFee(tariff: Tariff, region: CountryRegion): number {
  return tariff.account.closing[region];
}
