import type { RouteObject } from 'react-router';
import { ErrorPage } from '../error-page';
import { lazyPage } from '../lazy-route';

const page = (path: string, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  lazy: lazyPage(load),
});

const phoneVerification = () => import('../../features/onboarding/phone-verification-page');

/**
 * The onboarding steps under /dashboard, inside the verification layout. The pages a client also
 * reaches from Settings (contacts, security, password, identification) are dashboard pages
 * (dashboard-routes.tsx): the verification layout's menu leads there too.
 */
export const onboardingRoutes: RouteObject = {
  lazy: lazyPage(() => import('../layouts/verification-layout')),
  errorElement: <ErrorPage />,
  children: [
    // Where a client's application stands and its next step (the company steps of a
    // VERIFIED business client); Home links here until the accounts open.
    page('application', () => import('../../features/session/dashboard-home-page')),
    page('phone-verification', phoneVerification),
    // A new client's first step is the phone check (docs/requirements/onboarding.md): for a NEW
    // client the forced redirect takes it there; anyone else is sent on by the new-only guard.
    { ...page('activate', phoneVerification), handle: { guards: ['newOnly'] } },
    page('identification', () => import('../../features/onboarding/identification-page')),
    page('address', () => import('../../features/onboarding/address-page')),
    page('update-info', () => import('../../features/onboarding/update-info-page')),
    page('verification', () => import('../../features/onboarding/company-registration-page')),
  ],
};
