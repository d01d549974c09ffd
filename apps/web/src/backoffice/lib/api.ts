import type { BackofficePage, OperatorMe, operatorMeAnswerSchema } from '@bluepeak/core/backoffice';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from '../../lib/api-client';

// The back office's one way to call the operator API (/api/backoffice/...) and the operator
// logged in; a failure's text is lib/error-text.ts's, in the back office's words.
// Each feature's calls and their answers' types (from core's schemas) are in its own api.ts.
export const backoffice = <T>(path: string, options?: RequestOptions) =>
  apiRequest<T>(`/backoffice${path}`, options);

/** What the operator's roles allow (core's one table, as `/api/backoffice/me` answers it). */
export type Permissions = OperatorMe['permissions'];
export type Me = OperatorMe;
export type Page<T> = BackofficePage<T>;

/** Query-key roots shared by more than one feature (one feature's change refreshes another's list). */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  payments: ['backoffice', 'payments'] as const,
};

export const meQueryKey = ['backoffice', 'me'] as const;

export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => backoffice<z.infer<typeof operatorMeAnswerSchema>>('/me', { signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
    staleTime: 60_000,
  });
}

/** Logs the operator out; a failure is ignored (the session ends on the server either way). */
export const logOut = () => backoffice('/auth/logout', { method: 'POST' }).catch(() => undefined);
