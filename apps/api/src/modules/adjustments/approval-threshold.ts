import { currencyByCode } from '@bluepeak/core';

// Four eyes on money coming in by an operator's hand (a typed credit, or a bank credit the
// matcher could not place): above the configured threshold a second operator must approve.
// The threshold is set in minor units of a two-decimal currency (100000 = 1,000.00) and means
// the same number of major units in every currency, whatever its exponent.
export function approvalThresholdMinor(thresholdMinor: number, currency: string): number {
  const exponent = currencyByCode(currency)?.exponent ?? 2;
  return exponent >= 2
    ? thresholdMinor * 10 ** (exponent - 2)
    : Math.floor(thresholdMinor / 10 ** (2 - exponent));
}

export const needsSecondOperator = (amountMinor: number, currency: string, thresholdMinor: number) =>
  amountMinor > approvalThresholdMinor(thresholdMinor, currency);
