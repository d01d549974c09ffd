import type { LoggedOutResponse } from '@bluepeak/core/auth';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { forgetSessionCookies, mayHaveSession } from './cookies';
import { locales } from './locales';

// docs/requirements/onboarding.md: a logged-in client who opens the public home page goes to the
// dashboard; any other public page ends the session. The token cookie is HttpOnly, so only the
// API knows whether there is a session and only the API can end it. This file stays free of
// TanStack Query: the home page never downloads it (docs/requirements/public-site.md).

/** Ends the session on the server, which expires the cookie. */
export const endSession = () => apiRequest<LoggedOutResponse>('/auth/logout', { method: 'POST' });

/** The home page in any locale: `/`, `/en`, `/de/`. */
export function isHomePath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' || locales.some((locale) => trimmed === `/${locale.code}`);
}

export type PublicPageSession = 'dashboard_if_logged_in' | 'end_session';

export function publicPageSession(pathname: string): PublicPageSession {
  return isHomePath(pathname) ? 'dashboard_if_logged_in' : 'end_session';
}

// One log-out per page load until the next log-in, so moving between public pages costs nothing.
let ending: Promise<unknown> | undefined;

/** Ends the session, once; a log-in waits for it, so a late answer cannot expire the new cookie. */
export function endPublicSession(): Promise<unknown> {
  ending ??= endSession()
    .catch(() => undefined)
    .finally(() => forgetSessionCookies());
  return ending;
}

/** A new session began in this tab: the next public page ends it again. */
export function publicSessionStarted() {
  ending = undefined;
}

// Without the session's hint cookie there is no session: an anonymous visit asks nothing, so it
// logs no 401 (the hint can outlive an idle session; then the check answers 401 as before).
const isLoggedIn = () =>
  mayHaveSession()
    ? apiRequest('/auth/login_check').then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);

/** Applies the rule to the page at `pathname`; `stillHere` says whether the visitor has moved on. */
export function applyPublicPageSession(pathname: string, goToDashboard: () => void, stillHere = () => true) {
  if (publicPageSession(pathname) === 'end_session') {
    void endPublicSession();
    return;
  }
  void isLoggedIn().then((loggedIn) => {
    if (loggedIn && stillHere()) goToDashboard();
  });
}

/** The landing layout's side of the rule, once the app runs. */
export function usePublicPageSession(pathname: string, goToDashboard: () => void) {
  useEffect(() => {
    let current = true;
    applyPublicPageSession(pathname, goToDashboard, () => current);
    return () => {
      current = false;
    };
  }, [pathname, goToDashboard]);
}

/**
 * A prerendered page's side of the rule, before the app's code has loaded (main.tsx): the
 * dashboard is a page of the app, so the way there is a fresh load of its address.
 */
export function applyPrerenderedPageSession(pathname: string) {
  applyPublicPageSession(pathname, () => {
    window.history.replaceState(null, '', '#/dashboard');
    window.location.reload();
  });
}
