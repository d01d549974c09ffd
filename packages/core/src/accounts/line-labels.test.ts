import { describe, expect, it } from 'vitest';
import { isFeeLine, LINE_CODES, LINE_LABELS, lineCodeOf, lineLabel, OTHER_LINE_LABEL } from './line-labels';

describe('line labels', () => {
  it('gives every code its own label, never the code itself', () => {
    const labels = LINE_CODES.map(lineLabel);
    expect(new Set(labels).size).toBe(LINE_CODES.length);
    for (const code of LINE_CODES) {
      expect(lineLabel(code), code).toBe(LINE_LABELS[code]);
      expect(lineLabel(code), code).not.toMatch(/_/);
      expect(lineLabel(code), code).not.toBe(OTHER_LINE_LABEL);
    }
  });

  it('calls a code it does not know a transaction, not by its code', () => {
    expect(lineLabel('brand_new_code')).toBe('Transaction');
    expect(lineLabel('')).toBe('Transaction');
    expect(lineLabel('toString')).toBe('Transaction');
  });

  it("labels a payment's fee posted under the payment's code as a fee", () => {
    expect(lineCodeOf({ id: 'payment:p1:fee:post', code: 'sepa_payment' })).toBe('payment_fee');
    expect(lineCodeOf({ id: 'payment:p1:fee', code: 'sepa_payment' })).toBe('payment_fee');
    expect(lineCodeOf({ id: 'payment:p1:hold:post', code: 'sepa_payment' })).toBe('sepa_payment');
    expect(lineCodeOf({ id: 'escrow:d1:fund_fee', code: 'escrow_fee' })).toBe('escrow_fee');
  });

  it('knows the fees from the rest', () => {
    expect(isFeeLine('payment_fee')).toBe(true);
    expect(isFeeLine('fx_markup')).toBe(true);
    expect(isFeeLine('monthly_fee')).toBe(true);
    expect(isFeeLine('sepa_payment')).toBe(false);
    expect(isFeeLine('escrow_funding')).toBe(false);
    expect(isFeeLine('made_up_fee')).toBe(false);
  });
});
