import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from '../components/snackbar';
import { ApiError } from '../lib/api-client';
import { errorOutcome } from '../lib/api-error-message';
import { isSessionEndedHere } from '../lib/client-session';
import { forgetSessionCookies } from '../lib/cookies';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

// docs/error-catalogue.md in one place: every failed query or mutation shows the catalogue's message,
// unless it is one of the fetches whose failure is ignored (`meta: { silent: true }`). A 401 or
// 403 ends the session in the browser and returns to the site root.
function handle(error: unknown, silent: boolean | undefined) {
  const outcome = errorOutcome(error);
  if (!outcome) return;
  // This tab ended the session itself and is already on its way elsewhere.
  if (outcome.signOut && isSessionEndedHere()) return;
  // The end of a session is always explained, even by a fetch that is otherwise silent.
  if (!silent || outcome.signOut) showError(outcome.message);
  if (outcome.signOut) {
    forgetSessionCookies();
    // The token cookie is HttpOnly, so only the server can remove it: a 403 leaves the session
    // alive unless it is ended there too (a 401's answer has already expired the cookie).
    void fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(
      () => undefined,
    );
    window.location.assign('/#/');
  }
}

// A 4xx answer will not change on a second try (and a 401 must sign out at once); a 5xx or a
// lost connection may, so those are retried once.
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: { retry: retryOnce, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
