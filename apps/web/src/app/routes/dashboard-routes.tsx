import type { RouteObject } from 'react-router';
import { ErrorPage } from '../error-page';
import { lazyPage } from '../lazy-route';
import { NotFoundPage } from '../not-found-page';
import { uuidParam } from '../route-ids';
import { exchangeRoutes } from './exchange-routes';
import { paymentRoutes } from './payment-routes';

// The dashboard's own pages inside the dashboard layout, mounted under the client session gate
// at /dashboard (session-routes.tsx). The layout and every page are chunks of their own: the
// public site never downloads them.
const accountsPage = lazyPage(() => import('../../features/dashboard/accounts-page'));

export const dashboardRoutes: RouteObject = {
  lazy: lazyPage(() => import('../layouts/dashboard-layout')),
  errorElement: <ErrorPage />,
  children: [
    { index: true, lazy: accountsPage },
    { path: 'accounts', lazy: accountsPage },
    ...exchangeRoutes,
    {
      path: 'accounts/:id',
      ...uuidParam,
      lazy: lazyPage(() => import('../../features/dashboard/account-page')),
    },
    {
      path: 'statements',
      handle: { guards: ['approvedOnly'] },
      lazy: lazyPage(() => import('../../features/dashboard/statements-page')),
    },
    {
      path: 'referral',
      handle: { guards: ['referral'] },
      lazy: lazyPage(() => import('../../features/dashboard/referral-page')),
    },
    { path: 'tickets', lazy: lazyPage(() => import('../../features/tickets/tickets-page')) },
    { path: 'tickets/new', lazy: lazyPage(() => import('../../features/tickets/new-ticket-page')) },
    { path: 'tickets/:id', ...uuidParam, lazy: lazyPage(() => import('../../features/tickets/ticket-page')) },
    { path: 'settings', lazy: lazyPage(() => import('../../features/settings/settings-page')) },
    {
      // Open to a client whose request is under review too, so it can be followed and withdrawn.
      path: 'settings/account-deactivation',
      handle: { guards: ['deactivation'] },
      lazy: lazyPage(() => import('../../features/settings/account-deactivation-page')),
    },
    ...paymentRoutes,
    { path: '*', element: <NotFoundPage /> },
  ],
};
