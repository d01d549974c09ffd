import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-route';

// TanStack Query (and the API error handling around it) is a chunk of its own, loaded with
// the first page that fetches: the public pages that only show content (the home page among
// them) never download it. The layout is fetched in parallel with the page's own chunk.
export function withQueries(children: RouteObject[]): RouteObject {
  return { lazy: lazyPage(() => import('./query-layout')), children };
}
