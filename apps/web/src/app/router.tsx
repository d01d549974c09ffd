import { createHashRouter, type RouteObject } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { usesLocalePrefix } from '../lib/locales';
import { clientAppRoutes, clientPublicRoutes } from './client-routes';
import { ErrorPage } from './error-page';
import { LandingLayout } from './layouts/landing-layout';
import { PlainLayout } from './layouts/plain-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-route';
import { LocaleGate, RedirectToLocale } from './locale-gate';
import { publicRoutes } from './public-routes';
import { withQueries } from './with-queries';

// Hash-mode router (docs/requirements/public-site.md). Every page is its own chunk, so a visitor downloads
// only the code of the page they open. Features meet here; they never import each other.
const landing: RouteObject = {
  element: <LandingLayout />,
  errorElement: <ErrorPage />,
  children: [withQueries(clientPublicRoutes), ...publicRoutes],
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
      withQueries(clientAppRoutes),
      {
        element: <PlainLayout />,
        errorElement: <ErrorPage />,
        children: [
          withQueries([
            { path: 'dev/mailbox', lazy: lazyPage(() => import('../features/dev-mailbox/mailbox-page')) },
          ]),
        ],
      },
    ],
  },
]);
