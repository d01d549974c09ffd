import type { applicationPageSchema } from '@bluepeak/core/backoffice';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The review queues' one call: clients in one status, a page at a time, oldest submission first.
export const clientStatuses = [
  'NEW',
  'VERIFIED',
  'ON_APPROVAL',
  'APPROVED',
  'REJECTED',
  'DEACTIVATION_REQUESTED',
] as const;
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
