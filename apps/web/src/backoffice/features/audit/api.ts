import type { auditLogPageSchema } from '@bluepeak/core/backoffice';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The audit log's one call: a page of entries matching the search (client, operator, action).
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const auditLogQuery = (search: URLSearchParams) =>
  queryOptions({
    queryKey: ['backoffice', 'audit', search.toString()],
    queryFn: ({ signal }) => backoffice<AuditLogPage>(`/audit?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
