import { minExchangeMinor, priceExchange } from '@bluepeak/core/fees';
import { formatExchangeRate, parseExchangeRate, rateDecimals } from '@bluepeak/core/fx-rates';

// What the exchange page shows while the client types, before any quote (docs/requirements/
// exchange.md, "Web"): core's priceExchange, the function the quote is priced by, applied to the
// latest market rate the page can read (the pair's rate history) and the tariff's markup. It is
// indicative: the quote reads the market rate again and fixes the price. Whether the sell account
// covers it is judged on the same figures, so a quote it cannot pay for is not asked for.

export type IndicativeExchange =
  | {
      ok: true;
      sell: number;
      buy: number;
      /** The markup inside `sell`, in the sell currency. */
      fee: number;
      /** The client's rate (market less the markup), as text for people. */
      rate: string;
      /** The sell account's available balance covers `sell`. */
      covered: boolean;
    }
  | { ok: false; reason: 'too_small' | 'over_maximum' | 'no_rate' };

export function indicativeExchange(input: {
  from: string;
  to: string;
  /** The pair's market rate as decimal text (units of `to` per unit of `from`), if known. */
  marketRate: string | undefined;
  markupPpm: number;
  side: 'sell' | 'buy';
  amount: number;
  available: number;
}): IndicativeExchange {
  let market: ReturnType<typeof parseExchangeRate>;
  try {
    if (input.marketRate === undefined) return { ok: false, reason: 'no_rate' };
    market = parseExchangeRate(input.from, input.to, input.marketRate);
  } catch {
    return { ok: false, reason: 'no_rate' };
  }
  const pricing = priceExchange({
    market,
    markupPpm: input.markupPpm,
    side: input.side,
    amount: input.amount,
  });
  if (!pricing.ok) return { ok: false, reason: pricing.reason };
  const { sell, buy, fee, rate } = pricing.price;
  if (sell < minExchangeMinor(input.from)) return { ok: false, reason: 'too_small' };
  return {
    ok: true,
    sell,
    buy,
    fee,
    rate: formatExchangeRate(rate, rateDecimals(rate)),
    covered: sell <= input.available,
  };
}
