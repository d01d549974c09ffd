import type { OutboxListResponse } from '@bluepeak/core/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/dev/outbox (demo mode only): every message the system has "sent", newest first. */
export const outboxQuery = (to: string) => {
  const query = to.trim() ? `?to=${encodeURIComponent(to.trim())}` : '';
  return queryOptions({
    queryKey: ['dev-outbox', to.trim()],
    queryFn: ({ signal }) => apiRequest<OutboxListResponse>(`/dev/outbox${query}`, { signal }),
    refetchInterval: 5_000,
    retry: false,
  });
};
