import type { Exchange } from '@bluepeak/core/exchange';
import type { rateHistoryAnswerSchema } from '@bluepeak/core/fx-rates';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';
import { accountGroupsKey } from '../../lib/queries/account-groups';

// Currency exchange (docs/requirements/exchange.md): keys and fetchers in one place. Reads are
// `…Query` options, writes are named for what they do. Keys sit under ['client'].
export type QuoteRequest = {
  from_account_id: string;
  to_account_id: string;
  sell_amount?: number;
  buy_amount?: number;
};
type ExchangeAnswer = { data: Exchange };

export const exchangeKeys = {
  accounts: accountGroupsKey,
  exchange: (id: string) => [...clientQueryKeys.all, 'exchanges', id] as const,
  history: (from: string, to: string) => [...clientQueryKeys.all, 'exchange-rates', from, to] as const,
};

const enc = encodeURIComponent;

export const exchangeQuery = (id: string) =>
  queryOptions({
    queryKey: exchangeKeys.exchange(id),
    queryFn: ({ signal }) => apiRequest<ExchangeAnswer>(`/client/exchanges/${enc(id)}`, { signal }),
    select: (body) => body.data,
    meta: { silent: true },
  });

const rateHistory = (from: string, to: string, signal: AbortSignal) =>
  apiRequest<z.infer<typeof rateHistoryAnswerSchema>>(
    `/client/exchange-rates/history?from=${enc(from)}&to=${enc(to)}&days=30`,
    { signal },
  );

export const rateHistoryQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: exchangeKeys.history(from, to),
    queryFn: ({ signal }) => rateHistory(from, to, signal),
    select: (body) => body.data.map((point) => ({ day: point.day, rate: Number(point.rate) })),
    meta: { silent: true },
  });

/**
 * The pair's latest market rate as the rate history gives it (decimal text, the last day's),
 * for the indicative price the exchange page shows before a quote. It shares the chart's
 * request; the chart reads the same answer as numbers.
 */
export const latestRateQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: exchangeKeys.history(from, to),
    queryFn: ({ signal }) => rateHistory(from, to, signal),
    select: (body) => body.data.at(-1),
    enabled: from !== '' && to !== '' && from !== to,
    meta: { silent: true },
  });

export function requestQuote(body: QuoteRequest) {
  return apiRequest<ExchangeAnswer>('/client/exchanges/quote', { method: 'POST', body });
}

export function confirmExchange(id: string, idempotencyKey: string) {
  return apiRequest<ExchangeAnswer>(`/client/exchanges/${enc(id)}/confirm`, {
    method: 'POST',
    idempotencyKey,
  });
}

/** What to ask for again when a quote has expired: the same accounts and the same typed amount. */
export function requoteOf(exchange: Exchange): QuoteRequest {
  const base = { from_account_id: exchange.from_account_id, to_account_id: exchange.to_account_id };
  return exchange.fixed_side === 'sell'
    ? { ...base, sell_amount: exchange.sell_amount }
    : { ...base, buy_amount: exchange.buy_amount };
}
