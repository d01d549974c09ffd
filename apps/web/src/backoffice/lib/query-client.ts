import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { operatorWords } from './i18n';
import { showError } from './notify';

// One handler for every failed call of the back office. A 401 means the operator's session
// has ended (5 idle minutes, or deactivated): back to the log-in page. A 403 is a role that
// may not do this: the operator stays logged in and reads why.
function handle(error: unknown, silent: boolean | undefined) {
  const message = errorText(error, operatorWords);
  if (message === undefined) return;
  if (error instanceof ApiError && error.status === 401 && !error.path.startsWith('/backoffice/auth/')) {
    if (!window.location.hash.startsWith('#/login')) window.location.hash = '#/login';
  }
  if (!silent) showError(message);
}

const retryOnce = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export function createBackofficeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: { retry: retryOnce, staleTime: 10_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
