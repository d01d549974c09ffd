import type { BackofficePage } from '@bluepeak/core/backoffice';
import type { DeactivationQueueItem } from '@bluepeak/core/deactivation';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { backoffice } from '../../lib/api';

// The deactivation queue's one call: requests waiting for review, oldest first, refreshed each
// minute so an overdue request shows without a reload.
const PAGE_SIZE = 20;

export const deactivationQueueQuery = (page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'deactivations', page],
    queryFn: ({ signal }) =>
      backoffice<BackofficePage<DeactivationQueueItem>>(`/deactivations?page=${page}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
