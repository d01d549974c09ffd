import { describe, expect, it } from 'vitest';
import { recentAcross, totalCurrency, totalIn } from './home-rules';

const account = (code: string, balance: number) => ({ balance, currency: { code } });

describe('the home total', () => {
  it('adds the chosen currency as it is and converts the others at the reference rates', () => {
    // Reference rates per EUR: GBP 0.86. 86.00 GBP is 100.00 EUR.
    expect(totalIn([account('EUR', 10_000), account('GBP', 8_600)], 'EUR')).toEqual({
      amount: 20_000,
      currency: 'EUR',
      converted: true,
      leftOut: [],
    });
    expect(totalIn([account('EUR', 10_000)], 'EUR').converted).toBe(false);
  });

  it('never rounds up in the client’s favour, and says which currencies it could not convert', () => {
    const total = totalIn([account('GBP', 1), account('XXX', 500)], 'EUR');
    expect(total.amount).toBe(1);
    expect(total.leftOut).toEqual(['XXX']);
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
