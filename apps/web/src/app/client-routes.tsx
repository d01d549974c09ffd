import type { RouteObject } from 'react-router';
import { dashboardRoutes } from './dashboard-routes';
import { ErrorPage } from './error-page';
import { lazyPage } from './lazy-route';

// docs/requirements/onboarding.md: sign-up, log-in, e-mail confirmation and password restore on the
// public site, and the logged-in client's onboarding under /dashboard. Every page is its own chunk,
// so the public pages never download dashboard code.

/** Under the landing layout and its locale prefix (docs/requirements/public-site.md, public routes). */
export const clientPublicRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('../features/auth/login-page')) },
  { path: 'private-account', lazy: lazyPage(() => import('../features/auth/private-sign-up-page')) },
  { path: 'business-account', lazy: lazyPage(() => import('../features/auth/business-sign-up-page')) },
  { path: 'confirm', lazy: lazyPage(() => import('../features/auth/confirm-page')) },
  { path: 'confirm/email', lazy: lazyPage(() => import('../features/auth/confirm-email-page')) },
  { path: 'restore', lazy: lazyPage(() => import('../features/auth/restore-page')) },
  { path: 'restore/done', lazy: lazyPage(() => import('../features/auth/restore-done-page')) },
  { path: 'restore/:hash', lazy: lazyPage(() => import('../features/auth/restore-hash-page')) },
];

const onboardingPage = (path: string, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  lazy: lazyPage(load),
});

/**
 * /dashboard: the client session (login_check, client data, forced redirects, guards, idle
 * timeout) around the verification layout's onboarding pages and the dashboard landing. A
 * route asks for the route guards of docs/requirements/onboarding.md with
 * `handle: { guards: ['approvedOnly'] }`.
 */
export const clientAppRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(() => import('../features/session/client-session-gate')),
    errorElement: <ErrorPage />,
    children: [
      dashboardRoutes,
      {
        lazy: lazyPage(() => import('./layouts/verification-layout')),
        errorElement: <ErrorPage />,
        children: [
          // Where a client's application stands and its next step (the company steps of a
          // VERIFIED business client); Home links here until the accounts open.
          { path: 'application', lazy: lazyPage(() => import('../features/session/dashboard-home-page')) },
          onboardingPage(
            'phone-verification',
            () => import('../features/onboarding/phone-verification-page'),
          ),
          onboardingPage('identification', () => import('../features/onboarding/identification-page')),
          onboardingPage(
            'settings/identification',
            () => import('../features/onboarding/identification-page'),
          ),
          onboardingPage('address', () => import('../features/onboarding/address-page')),
          onboardingPage('update-info', () => import('../features/onboarding/update-info-page')),
          onboardingPage('password-change', () => import('../features/onboarding/password-change-page')),
          onboardingPage('settings/contacts', () => import('../features/onboarding/contacts-page')),
          onboardingPage('verification', () => import('../features/onboarding/company-registration-page')),
        ],
      },
    ],
  },
];
