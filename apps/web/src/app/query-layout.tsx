import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { prefetchMeta } from '../lib/queries/meta';
import { createQueryClient } from './query-client';

// One client for the whole visit: every route group that fetches through TanStack Query
// mounts this layout (with-queries.ts), and leaving one group for another keeps the cache.
const queryClient = createQueryClient();
// The reference lists are fetched once as the query layer starts (lib/queries/meta.ts); the
// pages that only show content never load this layer, so they never fetch them.
prefetchMeta(queryClient);

export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
