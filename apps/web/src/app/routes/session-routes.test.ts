import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { uuidParamLoader } from '../route-ids';
import { sessionRoutes } from './session-routes';

// Every route under /dashboard with its full path, layouts flattened away.
function flatten(route: RouteObject, prefix = ''): { path: string; route: RouteObject }[] {
  const path = route.path ? `${prefix}/${route.path}` : prefix;
  const own = route.path || route.index ? [{ path, route }] : [];
  return [...own, ...(route.children ?? []).flatMap((child) => flatten(child, path))];
}

const routes = flatten(sessionRoutes);
const at = (path: string) => routes.find((entry) => entry.path === path)?.route;
const guardsAt = (path: string) => (at(path)?.handle as { guards?: string[] } | undefined)?.guards;

describe('the dashboard route table', () => {
  it('checks every id in a path against the API id format', () => {
    const withId = routes.filter((entry) => entry.path.includes(':id'));
    expect(withId.length).toBeGreaterThanOrEqual(6);
    for (const entry of withId) expect(entry.route.loader, entry.path).toBe(uuidParamLoader);
  });

  it('shows the not-found page for any path no route owns', () => {
    expect(at('/dashboard/*')?.element).toBeDefined();
  });

  it('guards the new-only and approved-only pages', () => {
    expect(guardsAt('/dashboard/activate')).toEqual(['newOnly']);
    expect(guardsAt('/dashboard/payments/batch')).toEqual(['approvedOnly']);
    expect(guardsAt('/dashboard/payments/batch/new')).toEqual(['approvedOnly']);
    expect(guardsAt('/dashboard/accounts/exchange')).toEqual(['approvedOnly']);
    expect(guardsAt('/dashboard/accounts/done')).toEqual(['approvedOnly']);
    expect(guardsAt('/dashboard/payments/recipients')).toEqual(['approvedOnly']);
    expect(guardsAt('/dashboard/recipients/choose')).toEqual(['approvedOnly']);
  });
});
