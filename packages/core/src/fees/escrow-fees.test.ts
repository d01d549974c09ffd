import { describe, expect, it } from 'vitest';
import { demoBrand } from '../brand/brand-data';
import { parseExchangeRate } from '../fx-rates/exchange-rate';
import {
  escrowChangeFee,
  escrowFundingFees,
  escrowOpeningFee,
  escrowServicingFee,
  escrowVerificationFee,
} from './escrow-fees';

const tariff = demoBrand.tariff;

describe('escrow fees', () => {
  it('charges 1% of the deal, rounded up to the minor unit, at least 200 (standard) or 800 (non-standard)', () => {
    expect(escrowOpeningFee(tariff, 1_000_000, true)).toBe(20_000);
    expect(escrowOpeningFee(tariff, 2_000_000, true)).toBe(20_000);
    expect(escrowOpeningFee(tariff, 2_000_001, true)).toBe(20_001);
    expect(escrowOpeningFee(tariff, 7_999_999, false)).toBe(80_000);
    expect(escrowOpeningFee(tariff, 8_000_001, false)).toBe(80_001);
    expect(escrowOpeningFee(tariff, 12_345_678, false)).toBe(123_457);
  });

  it('services a standard deal free and a non-standard one for 150; changes cost 50 or 70', () => {
    expect(escrowServicingFee(tariff, true)).toBe(0);
    expect(escrowServicingFee(tariff, false)).toBe(15_000);
    expect(escrowChangeFee(tariff, true)).toBe(5_000);
    expect(escrowChangeFee(tariff, false)).toBe(7_000);
    expect(escrowFundingFees(tariff, 1_000_000, false)).toBe(95_000);
  });

  it('converts the EUR amounts into the deal currency at the reference rate, rounded down', () => {
    // 200.00 EUR at 0.8534 GBP is 170.68 GBP; at 162.35 JPY it is 32,470 JPY; 50.00 EUR at 0.3345 KWD is 16.725 KWD.
    const gbp = parseExchangeRate('EUR', 'GBP', '0.8534');
    expect(escrowOpeningFee(tariff, 1_000_000, true, gbp)).toBe(17_068);
    // 1% of 20,000.00 GBP is above the converted minimum: the percentage stands.
    expect(escrowOpeningFee(tariff, 2_000_000, true, gbp)).toBe(20_000);
    const jpy = parseExchangeRate('EUR', 'JPY', '162.35');
    expect(escrowOpeningFee(tariff, 100_000, true, jpy)).toBe(32_470);
    const kwd = parseExchangeRate('EUR', 'KWD', '0.3345');
    expect(escrowChangeFee(tariff, true, kwd)).toBe(16_725);
    // 70.00 EUR at 0.8534 is 59.738 GBP: 59.73, never rounded up.
    expect(escrowChangeFee(tariff, false, gbp)).toBe(5_973);
    expect(escrowVerificationFee(tariff, gbp)).toBe(17_068);
    expect(escrowServicingFee(tariff, false, gbp)).toBe(12_801);
  });
});
