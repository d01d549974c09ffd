import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { bundledMeta, type MetaLists, mergeMeta } from './meta-merge';

// GET /meta: the same for every visitor and cached by the server for an hour, so one fetch a
// visit. docs/error-catalogue.md: a failed meta fetch is silent and the bundled lists stay.
const META_STALE_MS = 60 * 60 * 1000;

export const metaQuery = queryOptions({
  queryKey: ['meta'] as const,
  queryFn: async ({ signal }) => mergeMeta((await apiRequest<{ data: unknown }>('/meta', { signal })).data),
  placeholderData: bundledMeta,
  staleTime: META_STALE_MS,
  meta: { silent: true },
});

/** Starts the fetch as the app's query layer starts, so pickers show the server's lists. */
export function prefetchMeta(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(metaQuery);
}

/** The reference lists: the server's once they arrive, the bundled ones before that or on failure. */
export function useMeta(): MetaLists {
  return useQuery(metaQuery).data ?? bundledMeta;
}
