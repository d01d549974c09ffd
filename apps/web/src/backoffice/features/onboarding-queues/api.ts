import type { applicationPageSchema } from '@bluepeak/core/backoffice';
import { clientStatuses as allStatuses, type ClientStatus } from '@bluepeak/core/onboarding';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The review queues' one call: clients in one status, a page at a time, newest first.
/** A queue per client status but the last: a closed account waits for no one. */
export const clientStatuses = allStatuses.filter(
  (status): status is Exclude<ClientStatus, 'DEACTIVATED'> => status !== 'DEACTIVATED',
);
export type QueueStatus = (typeof clientStatuses)[number];
export type ApplicationPage = z.infer<typeof applicationPageSchema>;

const PAGE_SIZE = 20;

/** One queue's page, or with `search` the clients of any status whose name, e-mail or phone match. */
export const applicationsQuery = (status: QueueStatus, page: number, search = '') =>
  queryOptions({
    queryKey: ['backoffice', 'applications', status, page, search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ status, page: String(page), limit: String(PAGE_SIZE) });
      if (search) query.set('q', search);
      return backoffice<ApplicationPage>(`/applications?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** A search shorter than this finds too much to be useful (the API refuses it too). */
export const SEARCH_MIN_LENGTH = 2;
