import type { applicationPageSchema } from '@bluepeak/core/backoffice';
import { clientStatuses as allStatuses, type ClientStatus } from '@bluepeak/core/onboarding';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The review queues' one call: clients in one status, a page at a time, oldest submission first.
/** A queue per client status but the last: a closed account waits for no one. */
export const clientStatuses = allStatuses.filter(
  (status): status is Exclude<ClientStatus, 'DEACTIVATED'> => status !== 'DEACTIVATED',
);
export type QueueStatus = (typeof clientStatuses)[number];
export type ApplicationPage = z.infer<typeof applicationPageSchema>;

const PAGE_SIZE = 20;

export const applicationsQuery = (status: QueueStatus, page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'applications', status, page],
    queryFn: ({ signal }) =>
      backoffice<ApplicationPage>(`/applications?status=${status}&page=${page}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
