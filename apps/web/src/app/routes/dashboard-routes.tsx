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
const settingsPage = lazyPage;
const personPage = settingsPage(() => import('../../features/settings/related-person-page'));
// The company's settings pages (docs/requirements/settings.md). A private client has no company:
// the related-persons guard sends it to Settings from each of them.
const company = { handle: { guards: ['relatedPersons'] } };
const companySettingsRoutes: RouteObject[] = [
  {
    path: 'settings/client-info',
    ...company,
    lazy: settingsPage(() => import('../../features/settings/client-info-page')),
  },
  {
    path: 'settings/addresses',
    lazy: settingsPage(() => import('../../features/settings/addresses-page')),
  },
  ...['activity-types', 'activity-types/new'].map((path) => ({
    path: `settings/${path}`,
    ...company,
    lazy: settingsPage(() => import('../../features/settings/activity-types-page')),
  })),
  {
    path: 'settings/company-structure',
    ...company,
    lazy: settingsPage(() => import('../../features/settings/company-structure-page')),
  },
  ...['documents', 'documents/new'].map((path) => ({
    path: `settings/${path}`,
    ...company,
    lazy: settingsPage(() => import('../../features/settings/documents-page')),
  })),
  ...['incoming', 'outgoing', 'new'].map((direction) => ({
    path: `settings/partners/${direction}`,
    ...company,
    lazy: settingsPage(() => import('../../features/settings/partners-page')),
  })),
  {
    path: 'settings/related-persons',
    ...company,
    lazy: settingsPage(() => import('../../features/settings/related-persons-page')),
  },
  { path: 'settings/related-persons/new', ...company, lazy: personPage },
  ...['', '/address', '/wealth', '/document', '/identification-document', '/:editid/edit-wealth'].map(
    (part) => ({
      path: `settings/related-persons/:id${part}`,
      ...uuidParam,
      ...company,
      lazy: personPage,
    }),
  ),
];

// The pages Settings shares with onboarding: inside the dashboard layout they keep the sidebar
// (onboarding-page.tsx draws them as settings pages here).
const identificationPage = lazyPage(() => import('../../features/onboarding/identification-page'));
const identificationDocumentsPage = lazyPage(
  () => import('../../features/onboarding/identification-documents-page'),
);
const profileRoutes: RouteObject[] = [
  { path: 'settings/contacts', lazy: lazyPage(() => import('../../features/onboarding/contacts-page')) },
  { path: 'settings/security', lazy: lazyPage(() => import('../../features/onboarding/security-page')) },
  { path: 'password-change', lazy: lazyPage(() => import('../../features/onboarding/password-change-page')) },
  { path: 'settings/identification', lazy: identificationPage },
  { path: 'settings/identification-documents', lazy: identificationDocumentsPage },
  { path: 'settings/identification-documents/new', lazy: identificationDocumentsPage },
];

// Related clients are for every client, private ones too.
const relatedClientsPage = settingsPage(() => import('../../features/settings/related-clients-page'));
const relatedClientRoutes: RouteObject[] = [
  ...['related-clients', 'related-clients/new'].map((path) => ({
    path: `settings/${path}`,
    lazy: relatedClientsPage,
  })),
  { path: 'settings/related-clients/:id', ...uuidParam, lazy: relatedClientsPage },
];

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
    {
      path: 'escrow',
      handle: { guards: ['approvedOnly'] },
      lazy: lazyPage(() => import('../../features/escrow/escrow-list-page')),
    },
    {
      path: 'escrow/new',
      handle: { guards: ['approvedOnly'] },
      lazy: lazyPage(() => import('../../features/escrow/new-escrow-page')),
    },
    {
      path: 'escrow/:id',
      ...uuidParam,
      handle: { guards: ['approvedOnly'] },
      lazy: lazyPage(() => import('../../features/escrow/escrow-page')),
    },
    { path: 'tickets', lazy: lazyPage(() => import('../../features/tickets/tickets-page')) },
    { path: 'tickets/new', lazy: lazyPage(() => import('../../features/tickets/new-ticket-page')) },
    { path: 'tickets/:id', ...uuidParam, lazy: lazyPage(() => import('../../features/tickets/ticket-page')) },
    {
      path: 'tickets/:id/confirm',
      ...uuidParam,
      lazy: lazyPage(() => import('../../features/tickets/confirm-ticket-page')),
    },
    { path: 'settings', lazy: lazyPage(() => import('../../features/settings/settings-page')) },
    {
      // Open to a client whose request is under review too, so it can be followed and withdrawn.
      path: 'settings/account-deactivation',
      handle: { guards: ['deactivation'] },
      lazy: lazyPage(() => import('../../features/settings/account-deactivation-page')),
    },
    ...companySettingsRoutes,
    ...profileRoutes,
    ...relatedClientRoutes,
    ...paymentRoutes,
    { path: '*', element: <NotFoundPage /> },
  ],
};
