import { describe, expect, it } from 'vitest';
import { demoBrand } from '../brand/brand-data';
import { escrowChangeFee, escrowFundingFees, escrowOpeningFee, escrowServicingFee } from './escrow-fees';

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
});
