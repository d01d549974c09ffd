import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoBrand } from '../brand/brand-data';
import {
  type ExchangeRate,
  formatExchangeRate,
  parseExchangeRate,
  rateDecimals,
} from '../fx-rates/exchange-rate';
import { currencyExponent } from '../reference/currencies';
import { type ExchangeSide, priceExchange } from './exchange-pricing';

const markupPpm = demoBrand.tariff.fx_markup_ppm;

/** Exact value of `minor` units of `from` in minor units of `to` at `text` (units of to per unit of from). */
function exactBuy(minor: number, from: string, to: string, text: string): number {
  const shift = currencyExponent(to) - currencyExponent(from);
  return minor * Number(text) * 10 ** shift;
}

/** The price, failing the test when there is none. */
function priced(input: Parameters<typeof priceExchange>[0]) {
  const pricing = priceExchange(input);
  if (!pricing.ok) throw new Error(`No price: ${pricing.reason}`);
  return pricing.price;
}

/** The same pair the other way round, exactly: what buying back trades at. */
function inverse(rate: ExchangeRate): ExchangeRate {
  return { base: rate.quote, quote: rate.base, numerator: rate.denominator, denominator: rate.numerator };
}

const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'GBP', 'BHD');
const rateText = fc
  .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 99_999 }))
  .map(([whole, frac]) => `${whole}.${String(frac).padStart(5, '0')}`);
const side = fc.constantFrom<ExchangeSide>('sell', 'buy');

describe('pricing an exchange', () => {
  it('takes at least the 1.00% markup of what leaves the account and never gives more than market: EUR, JPY, KWD', () => {
    const eurGbp = parseExchangeRate('EUR', 'GBP', '0.85');
    expect(priced({ market: eurGbp, markupPpm, side: 'sell', amount: 10_000 })).toMatchObject({
      sell: 10_000,
      fee: 100,
      buy: 8_415, // 99.00 EUR at 0.85
    });
    const eurJpy = parseExchangeRate('EUR', 'JPY', '162.35');
    expect(priced({ market: eurJpy, markupPpm, side: 'sell', amount: 10_000 })).toMatchObject({
      fee: 100,
      buy: 16_072, // 99.00 EUR = 16,072.65 JPY, rounded down
    });
    const jpyKwd = parseExchangeRate('JPY', 'KWD', '0.00213');
    expect(priced({ market: jpyKwd, markupPpm, side: 'sell', amount: 12_345 })).toMatchObject({
      fee: 124, // 1% of 12,345 JPY is 123.45, rounded up
      buy: 26_030, // 12,221 JPY = 26.03073 KWD, rounded down to 26.030
    });
  });

  it('delivers exactly the amount to buy and charges the markup on the whole', () => {
    const eurKwd = parseExchangeRate('EUR', 'KWD', '0.3575');
    const price = priced({ market: eurKwd, markupPpm, side: 'buy', amount: 1_000_000 });
    // 1,000.000 KWD costs 2,797.2027... EUR at market: 279,721 cents (rounded up), markup
    // 279,721 x 1/99 = 2,825.46 cents, rounded up.
    expect(price).toMatchObject({ buy: 1_000_000, sell: 282_547, fee: 2_826 });
  });

  it('never rounds the fee to zero: one cent sells for nothing, two yen cannot buy back two cents', () => {
    const eurJpy = parseExchangeRate('EUR', 'JPY', '162.35');
    expect(priceExchange({ market: eurJpy, markupPpm, side: 'sell', amount: 1 })).toEqual({
      ok: false,
      reason: 'too_small',
    });
    const twoCents = priced({ market: inverse(eurJpy), markupPpm, side: 'buy', amount: 2 });
    expect(twoCents.fee).toBe(1);
    expect(twoCents.sell).toBeGreaterThan(2 * 1.6235);
    const tenYen = priced({ market: inverse(eurJpy), markupPpm, side: 'sell', amount: 10 });
    expect(tenYen).toMatchObject({ fee: 1, buy: 5 }); // 9 JPY = 5.54 cents, rounded down
  });

  it('refuses an amount too small to buy anything, and one past its currency maximum', () => {
    const kwdJpy = parseExchangeRate('KWD', 'JPY', '469.0');
    expect(priced({ market: kwdJpy, markupPpm, side: 'buy', amount: 1 })).toMatchObject({ buy: 1, sell: 4 });
    const jpyEur = parseExchangeRate('JPY', 'EUR', '0.00616');
    // 2 JPY less the 1 JPY fee is 0.616 cents: nothing to buy.
    expect(priceExchange({ market: jpyEur, markupPpm, side: 'sell', amount: 2 })).toEqual({
      ok: false,
      reason: 'too_small',
    });
    const largest = priceExchange({ market: kwdJpy, markupPpm, side: 'sell', amount: 2 ** 53 - 2 });
    expect(largest).toMatchObject({ ok: false, reason: 'over_maximum', currency: 'KWD' });
    // 1,000,000 KWD is within the KWD maximum but buys more yen than the JPY maximum.
    const rates = parseExchangeRate('KWD', 'JPY', '999999');
    expect(priceExchange({ market: rates, markupPpm, side: 'sell', amount: 1_000_000_000 })).toMatchObject({
      ok: false,
      reason: 'over_maximum',
      currency: 'JPY',
    });
  });

  it('keeps the markup within one minor unit above the tariff and conversion at or below market (property)', () => {
    fc.assert(
      fc.property(
        currency,
        currency,
        rateText,
        fc.integer({ min: 1, max: 1e9 }),
        side,
        (from, to, text, amount, s) => {
          const market = parseExchangeRate(from, to, text);
          const pricing = priceExchange({ market, markupPpm, side: s, amount });
          if (!pricing.ok) return;
          const price = pricing.price;
          const tariffFee = (price.sell * markupPpm) / 1_000_000;
          expect(price.fee).toBeGreaterThanOrEqual(Math.max(1, tariffFee - 1e-9));
          expect(price.fee).toBeLessThan(tariffFee + 1);
          const atMarket = exactBuy(price.sell - price.fee, from, to, text);
          const tolerance = Math.max(1e-6, atMarket * 1e-12);
          if (s === 'sell') {
            expect(price.sell).toBe(amount);
            expect(price.buy).toBeLessThanOrEqual(atMarket + tolerance);
            expect(price.buy).toBeGreaterThan(atMarket - 1 - tolerance);
          } else {
            expect(price.buy).toBe(amount);
            // One sell minor unit less would have bought less than asked.
            expect(exactBuy(price.sell - price.fee - 1, from, to, text)).toBeLessThan(amount + tolerance);
            expect(atMarket).toBeGreaterThanOrEqual(amount - tolerance);
          }
        },
      ),
    );
  });

  it('never returns more than was sold when selling and buying back, whichever amount is fixed (property)', () => {
    fc.assert(
      fc.property(
        currency,
        currency,
        rateText,
        fc.integer({ min: 1, max: 1e9 }),
        side,
        side,
        (from, to, text, amount, first, back) => {
          const market = parseExchangeRate(from, to, text);
          const there = priceExchange({ market, markupPpm, side: first, amount });
          if (!there.ok) return;
          const { sell: sold, buy: bought } = there.price;
          if (back === 'sell') {
            const again = priceExchange({ market: inverse(market), markupPpm, side: 'sell', amount: bought });
            if (again.ok) expect(again.price.buy).toBeLessThan(sold);
          } else {
            // Buying back all that was sold costs more than was bought.
            const again = priceExchange({ market: inverse(market), markupPpm, side: 'buy', amount: sold });
            if (again.ok) expect(again.price.sell).toBeGreaterThan(bought);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('shows a rate to at least five significant digits', () => {
    const jpyKwd = parseExchangeRate('JPY', 'KWD', '0.0021302');
    expect(formatExchangeRate(jpyKwd, rateDecimals(jpyKwd))).toBe('0.0021302');
    const eurJpy = parseExchangeRate('EUR', 'JPY', '162.35');
    expect(formatExchangeRate(eurJpy, rateDecimals(eurJpy))).toBe('162.3500');
  });
});
