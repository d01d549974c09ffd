import { createHashRouter } from 'react-router';
import { ErrorPage } from './error-page';
import { LandingLayout } from './layouts/landing-layout';
import { PlainLayout } from './layouts/plain-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-route';
import { NotFoundPage } from './not-found-page';

// Hash-mode router (spec section 2). Every page is its own chunk, so a visitor downloads
// only the code of the page they open. Features meet here; they never import each other.
export const router = createHashRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <LandingLayout />,
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: lazyPage(() => import('../features/marketing/home-page')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <PlainLayout />,
        errorElement: <ErrorPage />,
        children: [
          { path: 'dev/mailbox', lazy: lazyPage(() => import('../features/dev-mailbox/mailbox-page')) },
        ],
      },
    ],
  },
]);
