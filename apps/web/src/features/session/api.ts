import type { SessionStateResponse } from '@bluepeak/core/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';

// The session's own calls: the login check (a status probe that does not count as activity;
// its 401 means "not logged in", not an error) and the idle dialog's "stay logged in".
export const loginCheckQuery = queryOptions({
  queryKey: clientQueryKeys.loginCheck,
  queryFn: ({ signal }) => apiRequest<SessionStateResponse>('/auth/login_check', { signal }),
  meta: { silent: true },
  retry: false,
  staleTime: 0,
  gcTime: 0,
});

export const extendSession = () =>
  apiRequest<SessionStateResponse>('/auth/session/extend', { method: 'POST' });
