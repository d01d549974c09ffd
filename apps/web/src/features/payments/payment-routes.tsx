import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

// The payments and recipients pages (docs/requirements/payments.md) under the dashboard layout.
// The app shell passes its chunk loader (app/lazy-route.ts) so a feature never imports the shell;
// every page is a chunk of its own. Payments and recipients are for approved clients only; the
// payment form needs `payment` or `recipient` in the query (the payment guard), otherwise the
// recipients.
type PageLoader = (load: () => Promise<{ default: ComponentType }>) => RouteObject['lazy'];

const approved = { guards: ['approvedOnly'] as const };

// The route table is part of the app shell every page loads, so it names the four payment
// types itself rather than importing them with the payment schemas (zod) into the public site.
// payment-routes.test.ts checks the list against core's `paymentTypes`.
const paymentTypePaths = ['sepa', 'faster_pay', 'internal', 'international'] as const;

export function paymentRoutes(lazyPage: PageLoader): RouteObject[] {
  const page = (
    path: string,
    load: () => Promise<{ default: ComponentType }>,
    handle: object = approved,
  ) => ({
    path,
    handle,
    lazy: lazyPage(load),
  });
  return [
    page('payments', () => import('./payments-page')),
    page('payments/type', () => import('./payment-type-page')),
    page('payments/done', () => import('./payment-done-page')),
    page('payments/:id/confirm', () => import('./payment-confirm-page')),
    page('payments/:id/copy', () => import('./payment-copy-page')),
    // The four forms are static paths, so they rank above the details' `payments/:id`.
    ...paymentTypePaths.map((type) =>
      page(`payments/${type}`, () => import('./new-payment-page'), { guards: ['approvedOnly', 'payment'] }),
    ),
    page('payments/:id', () => import('./payment-details-page')),
    page('recipients', () => import('./recipients-page')),
    page('recipients/new', () => import('./recipient-edit-page')),
    page('recipients/choose', () => import('./recipient-choose-page')),
    page('recipients/:id', () => import('./recipient-edit-page')),
  ];
}
