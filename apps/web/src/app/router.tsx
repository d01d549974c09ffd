import { createHashRouter, type RouteObject } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { usesLocalePrefix } from '../lib/locales';
import { ErrorPage } from './error-page';
import { LandingLayout } from './layouts/landing-layout';
import { PlainLayout } from './layouts/plain-layout';
import { RootLayout } from './layouts/root-layout';
import { LocaleGate, RedirectToLocale } from './locale-gate';
import { authRoutes } from './routes/auth-routes';
import { devRoutes } from './routes/dev-routes';
import { publicRoutes } from './routes/public-routes';
import { sessionRoutes } from './routes/session-routes';
import { withQueries } from './with-queries';

// Hash-mode router (docs/requirements/public-site.md). The route tables are in routes/, one per area: the public
// site (public-routes.tsx), sign-up and log-in (auth-routes.ts), and under /dashboard the
// session gate (session-routes.tsx) around the dashboard (dashboard-routes.tsx, with
// payment-routes.ts) and onboarding (onboarding-routes.tsx). Every page is its own chunk, so a
// visitor downloads only the code of the page they open. Features meet here; they never import
// each other.
const landing: RouteObject = {
  element: <LandingLayout />,
  errorElement: <ErrorPage />,
  children: [withQueries(authRoutes), ...publicRoutes],
};

// With several languages the public site lives under `/:locale` (`#/de/faq`); with one, at `/`.
const publicSite: RouteObject[] = usesLocalePrefix
  ? [
      { index: true, element: <RedirectToLocale /> },
      { path: ':locale', element: <LocaleGate />, children: [landing] },
    ]
  : [landing];

export const router = createHashRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // The first page's own chunk is still downloading: the same bar as for later navigations.
    hydrateFallbackElement: <LoadingBar active />,
    children: [
      ...publicSite,
      withQueries([sessionRoutes]),
      {
        element: <PlainLayout />,
        errorElement: <ErrorPage />,
        children: [withQueries(devRoutes)],
      },
    ],
  },
]);
