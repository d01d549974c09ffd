import type { UpdateRequireResponse } from '@bluepeak/core/onboarding';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { clientQueryKeys } from '../client-session';

// GET /client/update_require, read by the dashboard (docs/requirements/accounts.md: fetched when it mounts,
// silently) and by the update-info step of onboarding.
export const updateRequireKey = [...clientQueryKeys.all, 'update_require'] as const;

export const updateRequireQuery = queryOptions({
  queryKey: updateRequireKey,
  queryFn: ({ signal }) => apiRequest<UpdateRequireResponse>('/client/update_require', { signal }),
  select: (body) => body.data,
  meta: { silent: true },
});
