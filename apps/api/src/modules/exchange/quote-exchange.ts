import { brand, formatMoney } from '@bluepeak/core';
import {
  type ExchangePrice,
  type ExchangePricing,
  type ExchangeSide,
  maxAmountMinor,
  minExchangeMinor,
  priceExchange,
} from '@bluepeak/core/fees';
import { formatExchangeRate, rateDecimals } from '@bluepeak/core/fx-rates';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { ErrorCode } from '../../lib/error-statuses';
import { findClientAccount, findClientAccountWithLedger } from '../accounts';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { assertApproved, type ClientRow } from '../clients';
import { sourcedMarketRate } from '../fx-rates';
import { type ExchangeRow, insertExchange } from './exchange-rows';

// A quote (docs/requirements/exchange.md): the market rate of the pair, the tariff's markup and
// both amounts, stored with an expiry. The confirmation books exactly what was quoted. A quote the
// sell account cannot pay for is refused at once: the client learns it before a countdown starts,
// and confirming checks the balance again, since money may leave in between.

export type QuoteSettings = { quoteSeconds: number; maxRateAgeHours: number };

export type QuoteInput = {
  client: ClientRow;
  fromAccountId: string;
  toAccountId: string;
  side: ExchangeSide;
  amount: number;
  now: Date;
  actor: Omit<AuditEntry, 'action'>;
};

/** The shipped reference table is configuration, not a feed: it does not age (decision 0021). */
const AGELESS_SOURCES = new Set(['reference']);

export async function marketRateForQuote(
  db: Queryable,
  input: { from: string; to: string; now: Date; maxRateAgeHours: number },
) {
  const market = await sourcedMarketRate(db, input.from, input.to);
  if (!market) {
    throw new AppError('fx_rate_unavailable', `No exchange rate for ${input.from} to ${input.to}`, {
      detail: `We have no rate for ${input.from} to ${input.to} at the moment. Please try again later.`,
    });
  }
  const aging = market.source.split('+').some((source) => !AGELESS_SOURCES.has(source));
  const ageMs = input.now.getTime() - market.asOf.getTime();
  if (aging && ageMs > input.maxRateAgeHours * 3_600_000) {
    throw new AppError('fx_rate_stale', 'The exchange rate is out of date', {
      detail: `The latest ${input.from}/${input.to} rate is from ${market.asOf.toISOString()}, older than we quote on. Please try again later.`,
    });
  }
  return market;
}

const fieldOf = (side: ExchangeSide) => (side === 'sell' ? 'sell_amount' : 'buy_amount');

function refusal(code: ErrorCode, side: ExchangeSide, message: string, detail: string) {
  return new AppError(code, message, { detail, errors: [{ field: fieldOf(side), code, message: detail }] });
}

/**
 * The price, refused when it sells less than the minimum or moves more than a currency's maximum
 * on either side (docs/decisions/0045): the field named is the amount the client typed.
 */
function boundedPrice(pricing: ExchangePricing, side: ExchangeSide, sellCurrency: string): ExchangePrice {
  if (!pricing.ok && pricing.reason === 'over_maximum') {
    const most = formatMoney(pricing.maximum, pricing.currency);
    throw refusal(
      'amount_exceeds_safe_range',
      side,
      'The amount is too large to exchange',
      `One exchange moves at most ${most} (the equivalent of ${formatMoney(maxAmountMinor('EUR'), 'EUR')}). Please enter a smaller amount.`,
    );
  }
  const least = minExchangeMinor(sellCurrency);
  if (pricing.ok && pricing.price.sell >= least) return pricing.price;
  const equivalent = sellCurrency === 'EUR' ? '' : ' (the equivalent of 1.00 EUR)';
  throw refusal(
    'exchange_amount_too_small',
    side,
    'The amount is too small to exchange',
    `An exchange sells at least ${formatMoney(least, sellCurrency)}${equivalent}. Please enter a larger amount.`,
  );
}

/**
 * The sell amount (the markup is inside it) past what the sell account has available: the same
 * `insufficient_funds` a confirmation would answer, naming the amount the client typed.
 */
function refuseUncovered(sell: number, available: number, currency: string, side: ExchangeSide) {
  if (sell <= available) return;
  throw refusal(
    'insufficient_funds',
    side,
    'Not enough money in the account for this exchange',
    `This exchange sells ${formatMoney(sell, currency)} and the account has ${formatMoney(Math.max(0, available), currency)} available. Please enter a smaller amount.`,
  );
}

export async function quoteExchange(
  db: Queryable,
  input: QuoteInput,
  settings: QuoteSettings,
): Promise<ExchangeRow> {
  assertApproved(input.client);
  const [fromWithLedger, to] = await Promise.all([
    findClientAccountWithLedger(db, input.client.id, input.fromAccountId),
    findClientAccount(db, input.client.id, input.toAccountId),
  ]);
  if (!fromWithLedger || !to) throw notFound('Account');
  const from = fromWithLedger.row;
  if (from.currency === to.currency) {
    throw new AppError('exchange_same_currency', 'Both accounts hold the same currency', {
      detail: 'Choose accounts in two different currencies to exchange between them.',
    });
  }
  const market = await marketRateForQuote(db, {
    from: from.currency,
    to: to.currency,
    now: input.now,
    maxRateAgeHours: settings.maxRateAgeHours,
  });
  const markupPpm = brand.tariff.fx_markup_ppm;
  const price = boundedPrice(
    priceExchange({ market: market.rate, markupPpm, side: input.side, amount: input.amount }),
    input.side,
    from.currency,
  );
  refuseUncovered(price.sell, fromWithLedger.ledger?.availableMinor ?? 0, from.currency, input.side);
  const row = await insertExchange(db, {
    client_id: input.client.id,
    from_account_id: from.id,
    to_account_id: to.id,
    sell_currency: from.currency,
    buy_currency: to.currency,
    sell_amount_minor: price.sell,
    buy_amount_minor: price.buy,
    fee_minor: price.fee,
    fixed_side: input.side,
    market_rate: formatExchangeRate(market.rate, rateDecimals(market.rate)),
    client_rate: formatExchangeRate(price.rate, rateDecimals(price.rate)),
    markup_ppm: markupPpm,
    rate_source: market.source,
    rate_as_of: market.asOf,
    expires_at: new Date(input.now.getTime() + settings.quoteSeconds * 1000),
    created_at: input.now,
  });
  await writeAuditEntry(db, {
    ...input.actor,
    action: 'exchange.quoted',
    objectType: 'fx_exchange',
    objectId: row.id,
    details: { sell: price.sell, buy: price.buy, fee: price.fee, pair: `${from.currency}/${to.currency}` },
  });
  return row;
}
