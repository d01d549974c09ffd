import type { OutboxMessage } from '@bluepeak/core/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/dev/outbox (demo mode only): every message the system has "sent", newest first. */
export function useOutbox(to: string) {
  const query = to.trim() ? `?to=${encodeURIComponent(to.trim())}` : '';
  return useQuery({
    queryKey: ['dev-outbox', to.trim()],
    queryFn: ({ signal }) => apiRequest<{ data: OutboxMessage[] }>(`/dev/outbox${query}`, { signal }),
    refetchInterval: 5_000,
    retry: false,
  });
}
