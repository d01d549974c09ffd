import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoBrand } from '../brand/brand-data';
import { priceExchange, rateDecimals } from './exchange-pricing';
import { currencyExponent, formatExchangeRate, parseExchangeRate } from './exchange-rate';

const markupPpm = demoBrand.tariff.fx_markup_ppm;

/** Exact value of `minor` units of `from` in minor units of `to` at `text` (units of to per unit of from). */
function exactBuy(minor: number, from: string, to: string, text: string): number {
  const shift = currencyExponent(to) - currencyExponent(from);
  return minor * Number(text) * 10 ** shift;
}

describe('pricing an exchange', () => {
  it('takes exactly the 1.00% markup of what leaves the account: EUR, JPY, KWD', () => {
    const eurGbp = parseExchangeRate('EUR', 'GBP', '0.85');
    expect(priceExchange({ market: eurGbp, markupPpm, side: 'sell', amount: 10_000 })).toMatchObject({
      sell: 10_000,
      fee: 100,
      buy: 8_415, // 99.00 EUR at 0.85
    });
    const eurJpy = parseExchangeRate('EUR', 'JPY', '162.35');
    expect(priceExchange({ market: eurJpy, markupPpm, side: 'sell', amount: 10_000 })).toMatchObject({
      fee: 100,
      buy: 16_073, // 99.00 EUR = 16,072.65 JPY, rounded up to the client
    });
    const jpyKwd = parseExchangeRate('JPY', 'KWD', '0.00213');
    expect(priceExchange({ market: jpyKwd, markupPpm, side: 'sell', amount: 12_345 })).toMatchObject({
      fee: 123, // 1% of 12,345 JPY is 123.45: the institution gives up the 0.45
      buy: 26_033, // 12,222 JPY = 26.03286 KWD, rounded up to 26.033
    });
  });

  it('delivers exactly the amount to buy and charges the markup on the whole', () => {
    const eurKwd = parseExchangeRate('EUR', 'KWD', '0.3575');
    const price = priceExchange({ market: eurKwd, markupPpm, side: 'buy', amount: 1_000_000 });
    // 1,000.000 KWD costs 2,797.2027... EUR at market: 279,720 cents (rounded down), markup
    // 279,720 x 1/99 = 2,825.45 cents, rounded down.
    expect(price).toMatchObject({ buy: 1_000_000, sell: 282_545, fee: 2_825 });
  });

  it('refuses an amount too small to buy anything', () => {
    const kwdJpy = parseExchangeRate('KWD', 'JPY', '469.0');
    expect(priceExchange({ market: kwdJpy, markupPpm, side: 'buy', amount: 0.5 * 2 })).toMatchObject({
      buy: 1,
    });
    const jpyKwd = parseExchangeRate('JPY', 'KWD', '0.00213');
    expect(priceExchange({ market: jpyKwd, markupPpm, side: 'buy', amount: 1 })).toBeUndefined();
  });

  it('keeps the markup within one minor unit below the tariff and conversion at or above market (property)', () => {
    const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'GBP', 'BHD');
    const rateText = fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 99_999 }))
      .map(([whole, frac]) => `${whole}.${String(frac).padStart(5, '0')}`);
    fc.assert(
      fc.property(
        currency,
        currency,
        rateText,
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom('sell', 'buy'),
        (from, to, text, amount, side: 'sell' | 'buy') => {
          const market = parseExchangeRate(from, to, text);
          const price = priceExchange({ market, markupPpm, side, amount });
          if (!price) return;
          const tariffFee = (price.sell * markupPpm) / 1_000_000;
          expect(price.fee).toBeLessThanOrEqual(tariffFee + 1e-9);
          expect(price.fee).toBeGreaterThan(tariffFee - 1);
          const atMarket = exactBuy(price.sell - price.fee, from, to, text);
          const tolerance = Math.max(1e-6, atMarket * 1e-12);
          if (side === 'sell') {
            expect(price.sell).toBe(amount);
            expect(price.buy).toBeGreaterThanOrEqual(atMarket - tolerance);
            expect(price.buy).toBeLessThan(atMarket + 1 + tolerance);
          } else {
            expect(price.buy).toBe(amount);
            // One sell minor unit more would have bought more than asked.
            expect(exactBuy(price.sell - price.fee + 1, from, to, text)).toBeGreaterThan(amount - tolerance);
            expect(atMarket).toBeLessThanOrEqual(amount + tolerance);
          }
        },
      ),
    );
  });

  it('shows a rate to at least five significant digits', () => {
    const jpyKwd = parseExchangeRate('JPY', 'KWD', '0.0021302');
    expect(formatExchangeRate(jpyKwd, rateDecimals(jpyKwd))).toBe('0.0021302');
    const eurJpy = parseExchangeRate('EUR', 'JPY', '162.35');
    expect(formatExchangeRate(eurJpy, rateDecimals(eurJpy))).toBe('162.3500');
  });
});
