import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-route';
import { uuidParam } from '../route-ids';

// A new currency account's confirmation and currency exchange (docs/requirements/exchange.md), for
// approved clients only. The static paths rank above the account details' `accounts/:id`.
const approved = { guards: ['approvedOnly'] as const };

export const exchangeRoutes: RouteObject[] = [
  {
    path: 'accounts/done',
    handle: approved,
    lazy: lazyPage(() => import('../../features/dashboard/account-done-page')),
  },
  {
    path: 'accounts/exchange',
    handle: approved,
    lazy: lazyPage(() => import('../../features/exchange/exchange-page')),
  },
  {
    path: 'accounts/exchange/:id/confirm',
    handle: approved,
    ...uuidParam,
    lazy: lazyPage(() => import('../../features/exchange/exchange-confirm-page')),
  },
  {
    path: 'accounts/exchange/:id/result',
    handle: approved,
    ...uuidParam,
    lazy: lazyPage(() => import('../../features/exchange/exchange-result-page')),
  },
];
