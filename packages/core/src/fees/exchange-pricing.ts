import { clientRate, type ExchangeRate } from '../fx-rates/exchange-rate';
import { divideRounded } from '../money/rounding';
import { isWithinMaximum, maxAmountMinor } from './amount-limits';
import { scaleFor } from './convert';

// The price of a currency exchange (docs/requirements/exchange.md, docs/decisions/0045): the client
// sells `sell` minor units of the market rate's base and buys `buy` minor units of its quote.
// `fee` is the markup inside `sell`: the tariff's percentage of everything that leaves the sell
// account. What is left (`sell - fee`) converts at the market rate. Every rounding goes the
// institution's way, by less than one minor unit: the markup is never below the published
// percentage (so never zero while there is a markup) and the conversion never gives more than
// the market, so selling and buying back can never end with more than was sold.

export type ExchangeSide = 'sell' | 'buy';

export type ExchangePrice = {
  sell: number;
  buy: number;
  fee: number;
  /** The rate the client gets: the market rate worsened by the markup. */
  rate: ExchangeRate;
};

/** A price, or why there is none: nothing to buy, or an amount past its currency's maximum. */
export type ExchangePricing =
  | { ok: true; price: ExchangePrice }
  | { ok: false; reason: 'too_small' }
  | { ok: false; reason: 'over_maximum'; currency: string; maximum: number };

const PPM = 1_000_000n;

/** The price for a fixed amount to sell or to buy. */
export function priceExchange(input: {
  market: ExchangeRate;
  markupPpm: number;
  side: ExchangeSide;
  amount: number;
}): ExchangePricing {
  const { market, markupPpm, side, amount } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Not an amount: ${amount}`);
  const rate = clientRate(market, markupPpm);
  const markup = BigInt(markupPpm);
  const { num, den } = scaleFor(market);
  let sell: bigint;
  let fee: bigint;
  let buy: bigint;
  if (side === 'sell') {
    sell = BigInt(amount);
    fee = divideRounded(sell * markup, PPM, 'up');
    buy = divideRounded((sell - fee) * num, den, 'down');
  } else {
    buy = BigInt(amount);
    const converted = divideRounded(buy * den, num, 'up');
    // fee = sell * markup with sell = converted + fee, so fee = converted * markup / (1 - markup).
    fee = divideRounded(converted * markup, PPM - markup, 'up');
    sell = converted + fee;
  }
  if (sell - fee <= 0n || buy <= 0n) return { ok: false, reason: 'too_small' };
  for (const [value, currency] of [
    [sell, market.base],
    [buy, market.quote],
  ] as const) {
    if (!isWithinMaximum(value, currency))
      return { ok: false, reason: 'over_maximum', currency, maximum: maxAmountMinor(currency) };
  }
  const price = { sell: Number(sell), buy: Number(buy), fee: Number(fee), rate };
  return { ok: true, price };
}
