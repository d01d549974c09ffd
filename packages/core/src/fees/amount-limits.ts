import { parseExchangeRate } from '../fx-rates/exchange-rate';
import { fxReferenceRates } from '../fx-rates/fx-reference-rates';
import { divideRounded, type RoundingMode } from '../money/rounding';
import { scaleFor } from './convert';

// The bounds of one amount in each currency (docs/decisions/0045-exchange-rounding-and-amount-limits.md),
// as euro figures converted at the shipped reference rate, so every currency's bound means about
// the same money. The maximum keeps any amount, converted at any reference rate, more than
// fifty times below 2^53 minor units: the dearest minor unit per euro (LBP, about 10^7 per euro)
// makes 10,000,000 EUR about 10^14. A currency without a reference rate counts one unit per euro.

/** The most one payment, payment row or exchange moves: 10,000,000.00 EUR or its equivalent. */
export const AMOUNT_MAX_EUR_MINOR = 1_000_000_000n;
/**
 * The most one batch carries in one currency (its rows in that currency, and its debits with
 * their fees): 400,000,000.00 EUR or its equivalent. Forty maxima stay below 2^53 minor units.
 */
export const BATCH_TOTAL_MAX_EUR_MINOR = 40n * AMOUNT_MAX_EUR_MINOR;
/** The least one exchange sells: 1.00 EUR or its equivalent. */
export const EXCHANGE_MIN_EUR_MINOR = 100n;

function fromEuro(eurMinor: bigint, currency: string, mode: RoundingMode): bigint {
  const rate = parseExchangeRate('EUR', currency, fxReferenceRates[currency] ?? '1');
  const { num, den } = scaleFor(rate);
  return divideRounded(eurMinor * num, den, mode);
}

const maxima = new Map<string, number>();

/** The largest amount of `currency`, in minor units, that a payment or an exchange may carry. */
export function maxAmountMinor(currency: string): number {
  let maximum = maxima.get(currency);
  if (maximum === undefined) {
    maximum = Number(fromEuro(AMOUNT_MAX_EUR_MINOR, currency, 'down'));
    maxima.set(currency, maximum);
  }
  return maximum;
}

/** The largest total of `currency`, in minor units, that one batch may carry. */
export function maxBatchTotalMinor(currency: string): number {
  return Number(fromEuro(BATCH_TOTAL_MAX_EUR_MINOR, currency, 'down'));
}

/** Whether `amount` minor units (before or after a conversion) stay within the currency's maximum. */
export function isWithinMaximum(amount: number | bigint, currency: string): boolean {
  return BigInt(amount) <= BigInt(maxAmountMinor(currency));
}

/** The largest maximum of any currency: the bound of a schema that does not know the currency yet. */
export const AMOUNT_MAX_ANY_CURRENCY_MINOR = Math.max(
  ...Object.keys(fxReferenceRates).map((currency) => maxAmountMinor(currency)),
);

/** The least amount of `currency`, in minor units, that one exchange sells (rounded up). */
export function minExchangeMinor(currency: string): number {
  return Number(fromEuro(EXCHANGE_MIN_EUR_MINOR, currency, 'up'));
}
