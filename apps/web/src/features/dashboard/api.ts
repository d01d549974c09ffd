import type {
  accountDetailsResponseSchema,
  clientStatementResponseSchema,
  monthlyStatementsResponseSchema,
  OpenAccountBody,
  openAccountResponseSchema,
  ReferralsResponse,
} from '@bluepeak/core/accounts';
import type { marketRatesAnswerSchema } from '@bluepeak/core/fx-rates';
import type {
  NotificationsPage,
  unviewedNotificationsSchema,
  viewNotificationsResponseSchema,
} from '@bluepeak/core/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@bluepeak/core/notifications';
import type { paymentPageSchema } from '@bluepeak/core/payments';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';
import { accountGroupsKey } from '../../lib/queries/account-groups';
import { nextPageAfter } from './dashboard-rules';
import type { RateTable } from './home-rules';

// The dashboard's calls (docs/requirements/accounts.md), one place for their keys and fetchers: reads are
// `…Query` options, writes are functions named for what they do (lib/api-client.ts). Every key is
// under ['client'], so log-out (lib/client-session.ts) forgets them with the client record.
// docs/error-catalogue.md: account and notification fetch failures are silent (`meta.silent`); the
// notification ones are logged to the console. A 401 still ends the session.
export const dashboardKeys = {
  accounts: accountGroupsKey,
  account: (id: string) => [...accountGroupsKey, id] as const,
  notifications: [...clientQueryKeys.all, 'notifications'] as const,
  notificationPages: [...clientQueryKeys.all, 'notifications', 'pages'] as const,
  unviewed: [...clientQueryKeys.all, 'notifications', 'unviewed'] as const,
  referrals: [...clientQueryKeys.all, 'referrals'] as const,
  marketRates: [...clientQueryKeys.all, 'market-rates'] as const,
};

function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** docs/error-catalogue.md: a failed notification fetch is not shown, only logged. */
async function loggedOnFailure<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isCancelled(error)) console.error(`Notifications: ${what} failed`, error);
    throw error;
  }
}

export const accountDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.account(id),
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof accountDetailsResponseSchema>>(`/client/accounts/${encodeURIComponent(id)}`, {
        signal,
      }),
    select: (body) => body.data,
    meta: { silent: true },
  });

export function openAccount(body: OpenAccountBody, idempotencyKey: string) {
  return apiRequest<z.infer<typeof openAccountResponseSchema>>('/client/accounts', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export const notificationPagesQuery = infiniteQueryOptions({
  queryKey: dashboardKeys.notificationPages,
  queryFn: ({ pageParam, signal }) =>
    loggedOnFailure('loading a page', () =>
      apiRequest<NotificationsPage>(
        `/client/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}&page=${pageParam}`,
        {
          signal,
        },
      ),
    ),
  initialPageParam: 1,
  getNextPageParam: (last) => nextPageAfter(last.meta),
  meta: { silent: true },
});

/** docs/requirements/accounts.md: `data[0]` present means an unviewed notification exists (a red bell). */
export const unviewedNotificationsQuery = queryOptions({
  queryKey: dashboardKeys.unviewed,
  queryFn: ({ signal }) =>
    loggedOnFailure('checking for unviewed ones', () =>
      apiRequest<z.infer<typeof unviewedNotificationsSchema>>('/client/notifications/unviewed', { signal }),
    ),
  select: (body) => Boolean(body.data[0]),
  meta: { silent: true },
});

export function markNotificationsViewed() {
  return loggedOnFailure('marking them viewed', () =>
    apiRequest<z.infer<typeof viewNotificationsResponseSchema>>('/client/notifications/view', {
      method: 'POST',
      body: {},
    }),
  );
}

export const referralsQuery = queryOptions({
  queryKey: dashboardKeys.referrals,
  queryFn: ({ signal }) => apiRequest<ReferralsResponse>('/client/referrals', { signal }),
  select: (body) => body.data,
});

/** The market rates now, each with the day it is of: the home total converts at them and says when. */
export const marketRatesQuery = queryOptions({
  queryKey: dashboardKeys.marketRates,
  queryFn: ({ signal }) =>
    apiRequest<z.infer<typeof marketRatesAnswerSchema>>('/client/exchange-rates', { signal }),
  select: (body): RateTable =>
    Object.fromEntries(
      body.data.map((rate) => [rate.currency, { ratePerEur: rate.rate_per_eur, asOf: rate.as_of }]),
    ),
  meta: { silent: true },
});

/** One account's statement on screen: the JSON the statement files are written from (one reader). */
export const statementQuery = (accountId: string, period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...dashboardKeys.account(accountId), 'statement', period.from, period.to] as const,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof clientStatementResponseSchema>>(statementPath(accountId, period, 'json'), {
        signal,
      }),
    select: (body) => body.data,
  });

export const monthlyStatementsQuery = queryOptions({
  queryKey: [...clientQueryKeys.all, 'statements', 'monthly'] as const,
  queryFn: ({ signal }) =>
    apiRequest<z.infer<typeof monthlyStatementsResponseSchema>>('/client/statements/monthly', { signal }),
  select: (body) => body.data,
});

/**
 * The address of a statement file: the browser downloads it (the session cookie goes with it).
 * Without an account it is one document covering each of the client's accounts.
 */
export function statementFileUrl(
  accountId: string | undefined,
  period: { from: string; to: string },
  format: string,
) {
  return `/api${statementPath(accountId, period, format)}`;
}

function statementPath(accountId: string | undefined, period: { from: string; to: string }, format: string) {
  const query = new URLSearchParams({ ...period, format });
  if (accountId !== undefined) query.set('account_id', accountId);
  return `/client/statements?${query}`;
}

/** Payments that wait for the client's one-time code: Home asks for them to be finished. */
export const awaitingCodeQuery = queryOptions({
  queryKey: [
    ...clientQueryKeys.all,
    'payments',
    'list',
    { status: 'awaiting_confirmation', home: true },
  ] as const,
  queryFn: ({ signal }) =>
    apiRequest<z.infer<typeof paymentPageSchema>>('/client/payments?status=awaiting_confirmation&limit=5', {
      signal,
    }),
  select: (body) => body.data,
  meta: { silent: true },
});
