import { priceExchange } from '@bluepeak/core/fees';
import { parseExchangeRate } from '@bluepeak/core/fx-rates';
import { describe, expect, it } from 'vitest';
import { indicativeExchange } from './indicative-exchange';

const base = {
  from: 'EUR',
  to: 'GBP',
  marketRate: '0.85',
  markupPpm: 10_000,
  side: 'sell' as const,
  amount: 10_000,
  available: 50_000,
};

describe('the indicative exchange shown while typing', () => {
  it('prices 100.00 EUR to GBP as a quote would at that rate: the 1.00% markup inside the amount sold', () => {
    expect(indicativeExchange(base)).toEqual({
      ok: true,
      sell: 10_000,
      buy: 8_415,
      fee: 100,
      rate: '0.841500',
      covered: true,
    });
    const quote = priceExchange({
      market: parseExchangeRate('EUR', 'GBP', '0.85'),
      markupPpm: 10_000,
      side: 'buy',
      amount: 8_415,
    });
    const bought = indicativeExchange({ ...base, side: 'buy', amount: 8_415 });
    expect(bought).toMatchObject({ ok: true, buy: 8_415 });
    expect(quote.ok && bought.ok && quote.price.sell).toBe(bought.ok && bought.sell);
  });

  it('says when the account cannot cover the amount sold, on either side', () => {
    expect(indicativeExchange({ ...base, available: 10_000 })).toMatchObject({ covered: true });
    expect(indicativeExchange({ ...base, available: 9_999 })).toMatchObject({ covered: false });
    // Buying 100.00 GBP sells more than 100.00 EUR at 0.85.
    expect(indicativeExchange({ ...base, side: 'buy', amount: 10_000, available: 11_000 })).toMatchObject({
      covered: false,
    });
  });

  it('refuses below the minimum, past the maximum, and without a rate', () => {
    expect(indicativeExchange({ ...base, amount: 99 })).toEqual({ ok: false, reason: 'too_small' });
    expect(indicativeExchange({ ...base, amount: 1_000_000_001 })).toEqual({
      ok: false,
      reason: 'over_maximum',
    });
    expect(indicativeExchange({ ...base, marketRate: undefined })).toEqual({ ok: false, reason: 'no_rate' });
    expect(indicativeExchange({ ...base, marketRate: 'abc' })).toEqual({ ok: false, reason: 'no_rate' });
  });
});
