import { describe, expect, it } from 'vitest';
import { acceptSummary } from './accept-summary';

const fees = [
  { kind: 'opening' as const, amount: 20_000, payer: 'buyer' as const, per: 'deal' as const },
  { kind: 'change' as const, amount: 5_000, payer: 'requester' as const, per: 'change' as const },
];
const deal = {
  amount: 1_000_000,
  currency: 'EUR',
  my_role: 'seller' as const,
  buyer_name: 'Business Demo GmbH',
  seller_name: 'Private Demo',
  outside_seller: null,
  deadline: '2027-01-05',
  conditions: [
    {
      id: 'c1',
      position: 1,
      description: 'Delivery note',
      presenter: 'seller' as const,
      status: 'open' as const,
      decision_reason: null,
      decided_at: null,
      fee: null,
      documents: [],
    },
  ],
  fees,
  funding_total: 1_020_000,
};

describe('what accepting a deal agrees to', () => {
  it('names the other side, the deadline as DD-MM-YYYY, the conditions and the fees', () => {
    expect(acceptSummary(deal)).toEqual({
      amount: 1_000_000,
      currency: 'EUR',
      counterparty: 'Business Demo GmbH',
      deadline: '05-01-2027',
      conditions: [{ id: 'c1', description: 'Delivery note', presenter: 'seller' }],
      fees,
      fundingTotal: 1_020_000,
    });
  });

  it('names the seller to the buyer, an outside seller by its own name', () => {
    expect(acceptSummary({ ...deal, my_role: 'buyer' }).counterparty).toBe('Private Demo');
    const outside = { name: 'Erika Mustermann', iban: 'DE89370400440532013000', paid_by: 'sepa' as const };
    expect(acceptSummary({ ...deal, my_role: 'buyer', outside_seller: outside }).counterparty).toBe(
      'Erika Mustermann',
    );
  });
});
