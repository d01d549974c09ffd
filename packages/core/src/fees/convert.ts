import type { ExchangeRate } from '../fx-rates/exchange-rate';
import { minorUnitsFromBigInt } from '../money/minor-units';
import { divideRounded } from '../money/rounding';
import { currencyExponent } from '../reference/currencies';

// Conversion never rounds in the client's favour: what the client receives rounds down, what
// the client pays rounds up. Each direction is one exact fraction and one rounding.

/** The rate as a fraction of minor units: minor units of `quote` per minor unit of `base`. */
export function scaleFor(rate: ExchangeRate): { num: bigint; den: bigint } {
  const shift = currencyExponent(rate.quote) - currencyExponent(rate.base);
  const factor = 10n ** BigInt(Math.abs(shift));
  return shift >= 0
    ? { num: rate.numerator * factor, den: rate.denominator }
    : { num: rate.numerator, den: rate.denominator * factor };
}

/** Minor units of `rate.quote` the client receives for `amount` minor units of `rate.base`. */
export function convertReceived(amount: number, rate: ExchangeRate): number {
  return minorUnitsFromBigInt(convertReceivedUnbounded(amount, rate));
}

/** Minor units of `rate.base` the client pays so that `target` minor units of `rate.quote` arrive. */
export function convertCost(target: number, rate: ExchangeRate): number {
  return minorUnitsFromBigInt(convertCostUnbounded(target, rate));
}

// The same conversions before the result becomes a number, for a caller that refuses an amount
// past its currency's maximum as bad input (amount-limits.ts) rather than failing on 2^53.
export function convertReceivedUnbounded(amount: number, rate: ExchangeRate): bigint {
  const { num, den } = scaleFor(rate);
  return divideRounded(BigInt(amount) * num, den, 'down');
}

export function convertCostUnbounded(target: number, rate: ExchangeRate): bigint {
  const { num, den } = scaleFor(rate);
  return divideRounded(BigInt(target) * den, num, 'up');
}
