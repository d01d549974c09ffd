import type { backofficeExchangeListSchema, fxIncomeSchema, fxPositionSchema } from '@bluepeak/core/exchange';
import type { fxRateHistorySchema, fxRatesLoadedSchema } from '@bluepeak/core/fx-rates';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice, backofficeKeys } from '../../lib/api';

// The FX desk's calls (docs/requirements/exchange.md): exchanges, the FX position and income, the
// rate history and loading rates. Keys sit under the payments' own: an exchange moves money.
export type ExchangeFilters = { status?: string | undefined; currency?: string | undefined; page: number };
export type ExchangeList = z.infer<typeof backofficeExchangeListSchema>;
export type RatesLoaded = z.infer<typeof fxRatesLoadedSchema>['data'];

export const exchangeKeys = {
  all: [...backofficeKeys.payments, 'fx'] as const,
  list: (filters: ExchangeFilters) => [...backofficeKeys.payments, 'fx', 'exchanges', filters] as const,
  position: [...backofficeKeys.payments, 'fx', 'position'] as const,
  income: [...backofficeKeys.payments, 'fx', 'income'] as const,
  history: (currency: string) => [...backofficeKeys.payments, 'fx', 'history', currency] as const,
};

export const exchangesQuery = (filters: ExchangeFilters) =>
  queryOptions({
    queryKey: exchangeKeys.list(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), limit: '50' });
      if (filters.status) query.set('status', filters.status);
      if (filters.currency) query.set('currency', filters.currency);
      return backoffice<ExchangeList>(`/exchanges?${query}`, { signal });
    },
  });

export const positionQuery = queryOptions({
  queryKey: exchangeKeys.position,
  queryFn: ({ signal }) => backoffice<z.infer<typeof fxPositionSchema>>('/fx-position', { signal }),
  select: (answer) => answer.data,
});

export const incomeQuery = queryOptions({
  queryKey: exchangeKeys.income,
  queryFn: ({ signal }) => backoffice<z.infer<typeof fxIncomeSchema>>('/fx-income?days=30', { signal }),
  select: (answer) => answer.data,
});

export const rateHistoryQuery = (currency: string) =>
  queryOptions({
    queryKey: exchangeKeys.history(currency),
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof fxRateHistorySchema>>(
        `/fx-rates/history?currency=${encodeURIComponent(currency)}&days=30`,
        {
          signal,
        },
      ),
    select: (answer) => answer.data,
  });

export const uploadRateFile = (file: { file_name: string; data: string }) =>
  backoffice<{ data: RatesLoaded }>('/fx-rates/upload', { method: 'POST', body: file });

export const fetchRates = () => backoffice<{ data: RatesLoaded }>('/fx-rates/fetch', { method: 'POST' });
