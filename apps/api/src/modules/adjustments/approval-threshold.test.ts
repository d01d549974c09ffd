import { describe, expect, it } from 'vitest';
import { eurEquivalentMinor, exceedsApprovalThreshold } from './approval-threshold';

// The approval threshold is euro minor units; a credit in another currency is weighed at the
// shipped reference rate, rounded up, so the limit is never undercounted (docs/incoming-money.md).
describe('a credit weighed in euros', () => {
  it('converts at the reference rate per euro, with each currency’s exponent, rounding up', () => {
    expect(eurEquivalentMinor(100_000, 'EUR')).toBe(100_000n);
    // 1,000.000 KWD at 0.358 KWD per euro: 2,793.296... EUR.
    expect(eurEquivalentMinor(1_000_000, 'KWD')).toBe(279_330n);
    // 1,000 JPY at 169.0 per euro: 5.917... EUR; 1,000.000 BHD at 0.441: 2,267.573... EUR.
    expect(eurEquivalentMinor(1_000, 'JPY')).toBe(592n);
    expect(eurEquivalentMinor(1_000_000, 'BHD')).toBe(226_758n);
    // 0.86 GBP per euro: one penny is 1.16... euro cents, counted as 2.
    expect(eurEquivalentMinor(1, 'GBP')).toBe(2n);
    // Past 2^53 in euro cents is still exact.
    expect(eurEquivalentMinor(Number.MAX_SAFE_INTEGER, 'GBP')).toBe(10_473_487_505_512_781n);
  });

  it('finds a credit past the threshold by its euro equivalent, and one it cannot weigh always past it', () => {
    expect(exceedsApprovalThreshold(100_000, 'EUR', 100_000)).toBe(false);
    expect(exceedsApprovalThreshold(100_001, 'EUR', 100_000)).toBe(true);
    expect(exceedsApprovalThreshold(1_000_000, 'KWD', 100_000)).toBe(true);
    expect(exceedsApprovalThreshold(100_000, 'KWD', 100_000)).toBe(false);
    expect(exceedsApprovalThreshold(1, 'XXX', 100_000)).toBe(true);
    expect(exceedsApprovalThreshold(1, 'EUR', 0)).toBe(true);
  });
});
