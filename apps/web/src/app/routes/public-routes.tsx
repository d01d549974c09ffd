import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-route';
import { NotFoundPage } from '../not-found-page';
import { withQueries } from '../with-queries';

// The public site's content pages (docs/requirements/public-site.md), under the landing layout and its locale
// prefix. Each page is its own chunk; sign-up, log-in and restore are in auth-routes.ts.
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../../features/marketing/home-page')) },
  { path: 'private', lazy: lazyPage(() => import('../../features/marketing/private-page')) },
  { path: 'business', lazy: lazyPage(() => import('../../features/marketing/business-page')) },
  { path: 'about', lazy: lazyPage(() => import('../../features/marketing/about-page')) },
  { path: 'strategy', lazy: lazyPage(() => import('../../features/marketing/strategy-page')) },
  { path: 'faq', lazy: lazyPage(() => import('../../features/marketing/faq-page')) },
  { path: 'contacts', lazy: lazyPage(() => import('../../features/marketing/contacts-page')) },
  { path: 'escrowAccount', lazy: lazyPage(() => import('../../features/marketing/escrow-page')) },
  { path: 'fees', lazy: lazyPage(() => import('../../features/marketing/fees-page')) },
  { path: 'privacy', lazy: lazyPage(() => import('../../features/marketing/privacy-page')) },
  { path: 'terms-and-conditions', lazy: lazyPage(() => import('../../features/marketing/terms-page')) },
  // The two pages with forms: the card's waiting list and the unsubscribe link.
  withQueries([
    { path: 'card', lazy: lazyPage(() => import('../../features/marketing/card-page')) },
    {
      path: 'email-unsubscribe',
      lazy: lazyPage(() => import('../../features/marketing/email-unsubscribe-page')),
    },
  ]),
  { path: '*', element: <NotFoundPage /> },
];
