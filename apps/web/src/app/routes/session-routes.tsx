import type { RouteObject } from 'react-router';
import { ErrorPage } from '../error-page';
import { lazyPage } from '../lazy-route';
import { dashboardRoutes } from './dashboard-routes';
import { onboardingRoutes } from './onboarding-routes';

/**
 * /dashboard: the client session (login_check, client data, forced redirects, guards, idle
 * timeout) around the dashboard's pages and the onboarding pages. The dashboard comes first, so
 * its index (Home: the accounts, docs/requirements/public-site.md) is the one /dashboard shows. A route asks for
 * the route guards of docs/requirements/onboarding.md with `handle: { guards: ['approvedOnly'] }`.
 */
export const sessionRoutes: RouteObject = {
  path: 'dashboard',
  lazy: lazyPage(() => import('../../features/session/client-session-gate')),
  errorElement: <ErrorPage />,
  children: [dashboardRoutes, onboardingRoutes],
};
