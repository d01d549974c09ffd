import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('never lets an amount wrap: thousands and code are joined by non-breaking spaces', () => {
    expect(formatMoney(100_000, 'EUR')).toBe('1\u00a0000.00\u00a0EUR');
    expect(formatMoney(-123_456_789, 'GBP')).toBe('-1\u00a0234\u00a0567.89\u00a0GBP');
    expect(formatMoney(100_000, 'EUR')).not.toMatch(/ /);
  });
});
