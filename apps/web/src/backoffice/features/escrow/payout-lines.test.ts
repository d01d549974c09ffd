import { describe, expect, it } from 'vitest';
import { backofficeI18n } from '../../lib/i18n';
import { payoutLines } from './payout-lines';

// Approving a payout is asked first: the deal's amount out of its escrow, to whom it goes.
const t = backofficeI18n.getFixedT(null, 'backoffice');
const shown = (lines: { label: string; value: unknown }[]) =>
  lines.map((line) => [line.label, String(line.value).replaceAll('\u00a0', ' ')]);
const deal = {
  amount: 1_500_000,
  currency: 'EUR',
  reference: 'ESC-7Q2K',
  buyer_name: 'Northwind Traders Ltd',
  seller_name: 'Alex Morgan',
  outside_seller: null,
};

describe("a payout's approval", () => {
  it('releases to the seller and refunds to the buyer, out of the escrow', () => {
    expect(shown(payoutLines(deal, { action: 'release', reason: 'All conditions met' }, t))).toEqual([
      ['Amount', '15 000.00 EUR'],
      ['From', 'Escrow of deal ESC-7Q2K'],
      ['To', 'Alex Morgan'],
      ['Reason', 'All conditions met'],
    ]);
    expect(payoutLines(deal, { action: 'refund', reason: 'Deadline passed' }, t)[2]?.value).toBe(
      'Northwind Traders Ltd',
    );
  });

  it('names an outside seller by name, IBAN and rail', () => {
    const outside = {
      ...deal,
      outside_seller: {
        name: 'Fabrikam SARL',
        iban: 'FR1420041010050500013M02606',
        paid_by: 'sepa' as const,
      },
    };
    expect(payoutLines(outside, { action: 'release', reason: 'Delivered' }, t)[2]?.value).toBe(
      'Fabrikam SARL, FR1420041010050500013M02606 (by SEPA)',
    );
  });
});
