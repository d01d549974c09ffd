import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdingFeeMinor } from './holding-fee';

describe('holding fee', () => {
  it('matches a hand calculation: 0.0833% of the average of the daily balances, rounded down', () => {
    // 10 days at 1,000.00 then 20 days at 4,000.00: average 3,000.00; 0.0833% of it is 2.499 -> 2.49.
    const days = [...Array(10).fill(100_000), ...Array(20).fill(400_000)];
    expect(holdingFeeMinor(days, 833)).toBe(249);
    // 31 days at 12,345.67: 0.0833% is 10.2839... -> 10.28.
    expect(holdingFeeMinor(Array(31).fill(1_234_567), 833)).toBe(1_028);
    expect(holdingFeeMinor(Array(30).fill(0), 833)).toBe(0);
  });

  it('never exceeds the exact share and is within one minor unit of it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 28, maxLength: 31 }),
        (days) => {
          const fee = holdingFeeMinor(days, 833);
          const exact = (days.reduce((sum, day) => sum + day, 0) / days.length) * 0.000833;
          expect(fee).toBeLessThanOrEqual(exact + 1e-6);
          expect(fee).toBeGreaterThan(exact - 1 - 1e-6);
        },
      ),
    );
  });
});
