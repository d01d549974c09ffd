import { describe, expect, it } from 'vitest';
import { crossRate, parseExchangeRate } from '../fx-rates/exchange-rate';
import { fxReferenceRates } from '../fx-rates/fx-reference-rates';
import { formatMoney } from '../money/format-money';
import {
  AMOUNT_MAX_ANY_CURRENCY_MINOR,
  isWithinMaximum,
  maxAmountMinor,
  maxBatchTotalMinor,
  minExchangeMinor,
} from './amount-limits';
import { convertReceivedUnbounded } from './convert';

describe('the bounds of an amount per currency', () => {
  it('is 10,000,000.00 EUR or its equivalent at the reference rate, rounded down', () => {
    expect(maxAmountMinor('EUR')).toBe(1_000_000_000);
    expect(formatMoney(maxAmountMinor('EUR'), 'EUR')).toBe('10 000 000.00 EUR');
    expect(maxAmountMinor('KWD')).toBe(Number(fxReferenceRates.KWD) * 10_000_000 * 1000);
    expect(isWithinMaximum(1_000_000_000, 'EUR')).toBe(true);
    expect(isWithinMaximum(1_000_000_001n, 'EUR')).toBe(false);
    expect(isWithinMaximum(2 ** 53 - 2, 'LBP')).toBe(false);
  });

  it('keeps any maximum converted at any reference rate fifty times below 2^53', () => {
    const codes = Object.keys(fxReferenceRates);
    const perEur = (code: string) => parseExchangeRate('EUR', code, fxReferenceRates[code] ?? '1');
    let largest = 0n;
    for (const from of codes) {
      for (const to of codes) {
        const converted = convertReceivedUnbounded(maxAmountMinor(from), crossRate(perEur(from), perEur(to)));
        if (converted > largest) largest = converted;
      }
    }
    expect(largest).toBeLessThan(BigInt(Number.MAX_SAFE_INTEGER) / 50n);
    expect(AMOUNT_MAX_ANY_CURRENCY_MINOR).toBeLessThan(Number.MAX_SAFE_INTEGER / 50);
  });

  it('lets one batch carry forty maxima per currency, each total below 2^53', () => {
    expect(maxBatchTotalMinor('EUR')).toBe(40_000_000_000);
    for (const code of Object.keys(fxReferenceRates)) {
      expect(maxBatchTotalMinor(code), code).toBeGreaterThanOrEqual(maxAmountMinor(code) * 39);
      expect(maxBatchTotalMinor(code), code).toBeLessThan(Number.MAX_SAFE_INTEGER);
    }
  });

  it('sells at least 1.00 EUR or its equivalent in one exchange, rounded up', () => {
    expect(minExchangeMinor('EUR')).toBe(100);
    expect(minExchangeMinor('KWD')).toBe(Math.ceil(Number(fxReferenceRates.KWD) * 1000));
    expect(minExchangeMinor('JPY')).toBe(Math.ceil(Number(fxReferenceRates.JPY)));
  });
});
