import type { ClientDataResponse, ClientRecord } from '@bluepeak/core/onboarding';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client';
import { forgetSessionCookies } from './cookies';
import { clearFormDrafts } from './form-draft';
import { currentDetectedLocale, localePath } from './locales';
import { endSession, publicSessionStarted } from './public-session';

// The logged-in client as every dashboard feature sees it: one cached GET /client/data
// (docs/requirements/api-contract.md) and one way to log out. It lives in lib because the session,
// onboarding and dashboard features all read it and features never import each other.
export const clientQueryKeys = {
  all: ['client'] as const,
  data: ['client', 'data'] as const,
  loginCheck: ['auth', 'login_check'] as const,
};

// docs/error-catalogue.md: a failed client-data fetch is silently ignored (a 401 still ends the session).
export const clientDataQuery = queryOptions({
  queryKey: clientQueryKeys.data,
  queryFn: ({ signal }) => apiRequest<ClientDataResponse>('/client/data', { signal }),
  select: (body) => body.data,
  meta: { silent: true },
  staleTime: 10_000,
});

/** The client record; the session gate loads it before any dashboard page renders. */
export function useClient(): ClientRecord {
  return useSuspenseQuery(clientDataQuery).data;
}

/** The display name: first and last name for private clients, the company name otherwise. */
export function clientDisplayName(
  client: Pick<ClientRecord, 'type' | 'name' | 'first_name' | 'last_name' | 'company_name'>,
): string {
  const name =
    client.type === 'PRIVATE'
      ? [client.first_name, client.last_name].filter(Boolean).join(' ')
      : (client.company_name ?? '');
  return name.trim() || client.name;
}

/** The public site's address of a page, in the visitor's language (dashboard paths carry no locale). */
export function publicPath(path: string): string {
  return localePath(currentDetectedLocale(), path);
}

export const UPDATE_INFO_SHOWN_KEY = 'bp__update_info_shown';

// Set when this tab ended the session itself (log-out, password change), to the page it went to:
// calls still in flight then answer 401, which says nothing new, so neither the error catalogue
// nor the session gate may send the client to the site root over the page it is going to (a
// lazy page can take a moment to load while the dashboard is still mounted). A new log-in clears it.
let sessionEndedGoingTo: string | undefined;

export function markSessionEnded(goingTo: string = publicPath('/')) {
  sessionEndedGoingTo = goingTo;
}

export function markSessionStarted() {
  sessionEndedGoingTo = undefined;
  publicSessionStarted();
}

export function isSessionEndedHere(): boolean {
  return sessionEndedGoingTo !== undefined;
}

/** The dashboard page a log-in may return to: a path of the dashboard, nothing else. */
export function safeReturnPath(next: string | null | undefined): string {
  if (
    !next ||
    !/^\/dashboard(\/[\w\-./]*)?(\?[\w\-.=&%]*)?$/.test(next) ||
    next.includes('//') ||
    next.includes('..')
  )
    return '/dashboard';
  return next;
}

/** The log-in page, which after the log-in returns to `path` (a dashboard page). */
export function loginPathReturningTo(path: string): string {
  const next = safeReturnPath(path);
  return next === '/dashboard'
    ? publicPath('/login')
    : `${publicPath('/login')}?next=${encodeURIComponent(next)}`;
}

/**
 * Where a dashboard page without a session goes: where this tab went when it ended the session;
 * else, for a page other than Home (a link kept from an expired session), the log-in page that
 * returns there; else the site root.
 */
export function pageWithoutSession(path = '/dashboard'): string {
  if (sessionEndedGoingTo) return sessionEndedGoingTo;
  const next = safeReturnPath(path).split('?')[0];
  // Home (`/dashboard`, `/dashboard/accounts`) is where any log-in lands anyway: the site root.
  return next === '/dashboard' || next === '/dashboard/accounts'
    ? publicPath('/')
    : loginPathReturningTo(path);
}

/** Forgets everything about the session in this browser tab. */
export function forgetSession(queryClient: ReturnType<typeof useQueryClient>) {
  forgetSessionCookies();
  sessionStorage.removeItem(UPDATE_INFO_SHOWN_KEY);
  queryClient.removeQueries({ queryKey: clientQueryKeys.all });
  queryClient.removeQueries({ queryKey: ['auth'] });
}

/**
 * docs/requirements/onboarding.md: log-out ends the session on the server, removes the token
 * cookie, resets the client data and goes to the site root. The server's answer does not matter:
 * the browser forgets the session either way.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: endSession,
    meta: { silent: true },
  });
  return {
    pending: logout.isPending,
    /**
     * A log-out on purpose goes to the site root and forgets what was typed; an idle one
     * (`returnTo`, the page the client was on) goes to the log-in page, which brings the client
     * back there, with its half-typed forms (lib/form-draft.ts).
     */
    logOut: async (after?: () => void, returnTo?: string) => {
      const goingTo = returnTo ? loginPathReturningTo(returnTo) : publicPath('/');
      markSessionEnded(goingTo);
      await logout.mutateAsync().catch(() => undefined);
      await navigate(goingTo, { replace: true });
      forgetSession(queryClient);
      if (!returnTo) clearFormDrafts();
      after?.();
    },
  };
}
