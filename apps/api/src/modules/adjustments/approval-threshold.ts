import { currencyByCode, divideRounded } from '@bluepeak/core';
import { scaleFor } from '@bluepeak/core/fees';
import { fxReferenceRates, parseExchangeRate } from '@bluepeak/core/fx-rates';

// Four eyes on money coming in by an operator's hand (docs/incoming-money.md) is weighed in one
// currency: euro minor units at the shipped reference rate, rounded up so the limit is never
// undercounted. The shipped rates, not the operator-editable fx_rates table, so that the people
// the limit applies to cannot move it. A currency without a reference rate cannot be weighed
// and always needs a second operator (null).
export function eurEquivalentMinor(amountMinor: number, currency: string): bigint | null {
  const rate = fxReferenceRates[currency];
  if (!rate || !currencyByCode(currency)) return null;
  // Minor units of the currency per euro minor unit, as one exact fraction.
  const { num, den } = scaleFor(parseExchangeRate('EUR', currency, rate));
  return divideRounded(BigInt(amountMinor) * den, num, 'up');
}

/** True when this credit alone is past the threshold, whatever was booked before it. */
export function exceedsApprovalThreshold(amountMinor: number, currency: string, thresholdMinor: number) {
  const eur = eurEquivalentMinor(amountMinor, currency);
  return eur === null || eur > BigInt(thresholdMinor);
}
