import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from './query-client';

// One client for the whole visit: every route group that fetches through TanStack Query
// mounts this layout (with-queries.ts), and leaving one group for another keeps the cache.
const queryClient = createQueryClient();

export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
