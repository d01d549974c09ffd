import type {
  AccountDetails,
  AccountGroup,
  OpenAccountBody,
  ReferralsResponse,
  Statement,
} from '@bluepeak/core/accounts';
import type { NotificationsPage } from '@bluepeak/core/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@bluepeak/core/notifications';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';
import { nextPageAfter, type UpdateRequire } from './dashboard-rules';

// The dashboard's reads (docs/requirements/api-contract.md), one place for their keys and fetchers.
// Every key is under ['client'], so log-out (lib/client-session.ts) forgets them with the client
// record. docs/error-catalogue.md: account and notification fetch failures are silent
// (`meta.silent`); the notification ones are logged to the console. A 401 still ends the session.
export const dashboardKeys = {
  accounts: [...clientQueryKeys.all, 'accounts'] as const,
  account: (id: string) => [...clientQueryKeys.all, 'accounts', id] as const,
  updateRequire: [...clientQueryKeys.all, 'update_require'] as const,
  notifications: [...clientQueryKeys.all, 'notifications'] as const,
  notificationPages: [...clientQueryKeys.all, 'notifications', 'pages'] as const,
  unviewed: [...clientQueryKeys.all, 'notifications', 'unviewed'] as const,
  referrals: [...clientQueryKeys.all, 'referrals'] as const,
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

export const accountGroupsQuery = queryOptions({
  queryKey: dashboardKeys.accounts,
  queryFn: ({ signal }) => apiRequest<{ data: AccountGroup[] }>('/client/accounts', { signal }),
  select: (body) => body.data,
  meta: { silent: true },
});

export const accountDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.account(id),
    queryFn: ({ signal }) =>
      apiRequest<{ data: AccountDetails }>(`/client/accounts/${encodeURIComponent(id)}`, { signal }),
    select: (body) => body.data,
    meta: { silent: true },
  });

export function openAccount(body: OpenAccountBody, idempotencyKey: string) {
  return apiRequest<{ data: { id: string; group_id: string } }>('/client/accounts', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** docs/requirements/api-contract.md: fetched when the dashboard mounts. */
export const updateRequireQuery = queryOptions({
  queryKey: dashboardKeys.updateRequire,
  queryFn: ({ signal }) => apiRequest<{ data: UpdateRequire }>('/client/update_require', { signal }),
  select: (body) => body.data,
  meta: { silent: true },
});

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

/** `data[0]` present means an unviewed notification exists: a red bell (docs/requirements/accounts.md). */
export const unviewedNotificationsQuery = queryOptions({
  queryKey: dashboardKeys.unviewed,
  queryFn: ({ signal }) =>
    loggedOnFailure('checking for unviewed ones', () =>
      apiRequest<{ data: unknown[] }>('/client/notifications/unviewed', { signal }),
    ),
  select: (body) => Boolean(body.data[0]),
  meta: { silent: true },
});

export function markNotificationsViewed() {
  return loggedOnFailure('marking them viewed', () =>
    apiRequest<{ data: { viewed: number } }>('/client/notifications/view', { method: 'POST', body: {} }),
  );
}

export const referralsQuery = queryOptions({
  queryKey: dashboardKeys.referrals,
  queryFn: ({ signal }) => apiRequest<ReferralsResponse>('/client/referrals', { signal }),
  select: (body) => body.data,
});

export const statementQuery = (accountId: string, period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...dashboardKeys.account(accountId), 'statement', period.from, period.to] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ data: Statement }>(
        `/client/accounts/${encodeURIComponent(accountId)}/statement?${new URLSearchParams(period)}`,
        { signal },
      ),
    select: (body) => body.data,
  });
