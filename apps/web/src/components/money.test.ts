import { parseMoneyInput } from '@bluepeak/core/money';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money';

// docs/requirements/tariff.md: a space between thousands, a dot before the decimals; on screen
// the spaces never break a line.
describe('formatMoney', () => {
  it('groups thousands with non-breaking spaces and keeps the code on the same line', () => {
    expect(formatMoney(1_234_567_89, 'EUR')).toBe('1\u00a0234\u00a0567.89\u00a0EUR');
    expect(formatAmount(-100_000, 'EUR')).toBe('-1\u00a0000.00');
    expect(formatAmount(999, 'EUR')).toBe('9.99');
  });

  it("uses the currency's decimals", () => {
    expect(formatMoney(1_500_000, 'JPY')).toBe('1\u00a0500\u00a0000\u00a0JPY');
  });

  it('reads back as the same amount when pasted into an amount field', () => {
    const parsed = parseMoneyInput(formatAmount(1_234_567_89, 'EUR'), 2);
    expect(parsed).toEqual({ ok: true, amount: 1_234_567_89 });
  });
});
