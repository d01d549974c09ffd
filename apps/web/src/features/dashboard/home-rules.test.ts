import { FX_REFERENCE_RATES_AS_OF } from '@bluepeak/core/fx-rates';
import { describe, expect, it } from 'vitest';
import { recentAcross, shippedRateTable, totalCurrency, totalIn } from './home-rules';

const account = (code: string, balance: number) => ({ balance, currency: { code } });
const rates = {
  GBP: { ratePerEur: '0.86', asOf: '2026-12-07' },
  USD: { ratePerEur: '1.17', asOf: '2026-12-04' },
  JPY: { ratePerEur: '170', asOf: '2026-12-06' },
};

describe('the home total', () => {
  it('adds the chosen currency as it is and converts the others at the market rates, dated', () => {
    // 86.00 GBP is 100.00 EUR at 0.86 per EUR.
    expect(totalIn([account('EUR', 10_000), account('GBP', 8_600)], 'EUR', rates)).toEqual({
      amount: 20_000,
      currency: 'EUR',
      converted: true,
      ratesOf: '2026-12-07',
      leftOut: [],
    });
    expect(totalIn([account('EUR', 10_000)], 'EUR', rates)).toMatchObject({
      converted: false,
      ratesOf: undefined,
    });
  });

  it('dates the total by the oldest rate it used, the target currency’s included', () => {
    const held = [account('EUR', 10_000), account('GBP', 8_600), account('JPY', 17_000)];
    expect(totalIn(held, 'EUR', rates).ratesOf).toBe('2026-12-06');
    expect(totalIn(held, 'USD', rates).ratesOf).toBe('2026-12-04');
  });

  it('never rounds up in the client’s favour, and says which currencies it could not convert', () => {
    const total = totalIn([account('GBP', 1), account('XXX', 500)], 'EUR', rates);
    expect(total.amount).toBe(1);
    expect(total.leftOut).toEqual(['XXX']);
  });

  it('falls back on the shipped table with the date it was shipped with', () => {
    const total = totalIn([account('EUR', 10_000), account('GBP', 8_600)], 'EUR', shippedRateTable());
    expect(total.converted).toBe(true);
    expect(total.ratesOf).toBe(FX_REFERENCE_RATES_AS_OF);
  });

  it('keeps the client’s choice only while it holds that currency', () => {
    expect(totalCurrency(['EUR', 'GBP'], 'GBP')).toBe('GBP');
    expect(totalCurrency(['EUR', 'GBP'], 'USD')).toBe('EUR');
    expect(totalCurrency(['GBP'], null)).toBe('GBP');
  });
});

describe('recent activity across accounts', () => {
  it('interleaves the accounts’ lines newest first and keeps the limit', () => {
    const line = (id: string, at: string) => ({ id, direction: 'credit', event_at: at, created_at: at });
    const recent = recentAcross(
      [
        { account: 'EUR', lines: [line('a', '2026-03-03'), line('b', '2026-03-01')] },
        { account: 'GBP', lines: [line('c', '2026-03-02')] },
      ],
      2,
    );
    expect(recent.map((item) => [item.account, item.line.id])).toEqual([
      ['EUR', 'a'],
      ['GBP', 'c'],
    ]);
  });
});
