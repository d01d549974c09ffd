import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-route';
import { uuidParam } from '../route-ids';

// The payments and recipients pages under the dashboard layout (docs/requirements/public-site.md), each a chunk
// of its own. Payments and recipients are for approved clients only; the payment form needs
// `payment` or `recipient` in the query (the payment guard), otherwise the recipients.

const approved = { guards: ['approvedOnly'] as const };

// The route table is part of the app shell every page loads, so it names the four payment
// types itself rather than importing them with the payment schemas (zod) into the public site.
// payment-routes.test.ts checks the list against core's `paymentTypes`.
const paymentTypePaths = ['sepa', 'faster_pay', 'internal', 'international'] as const;

const page = (path: string, load: () => Promise<{ default: ComponentType }>, handle: object = approved) => ({
  path,
  handle,
  lazy: lazyPage(load),
});
// A details page's `:id` is a payment's or a recipient's UUID; any other segment is not found.
const idPage = (path: string, load: () => Promise<{ default: ComponentType }>) => ({
  ...page(path, load),
  ...uuidParam,
});
const chooseRecipient = () => import('../../features/payments/recipient-choose-page');

export const paymentRoutes: RouteObject[] = [
  page('payments', () => import('../../features/payments/payments-page')),
  page('payments/type', () => import('../../features/payments/payment-type-page')),
  page('payments/done', () => import('../../features/payments/payment-done-page')),
  // Batch payments (docs/requirements/batch-payments.md); `batch/new` ranks above `batch/:id`.
  page('payments/batch', () => import('../../features/payments/batch/batches-page')),
  page('payments/batch/new', () => import('../../features/payments/batch/new-batch-page')),
  idPage('payments/batch/:id', () => import('../../features/payments/batch/batch-page')),
  idPage('payments/batch/:id/confirm', () => import('../../features/payments/batch/batch-confirm-page')),
  // Paying a saved recipient; `recipients/choose` is the older path of the same page.
  page('payments/recipients', chooseRecipient),
  idPage('payments/:id/confirm', () => import('../../features/payments/payment-confirm-page')),
  idPage('payments/:id/copy', () => import('../../features/payments/payment-copy-page')),
  // The four forms are static paths, so they rank above the details' `payments/:id`.
  ...paymentTypePaths.map((type) =>
    page(`payments/${type}`, () => import('../../features/payments/new-payment-page'), {
      guards: ['approvedOnly', 'payment'],
    }),
  ),
  idPage('payments/:id', () => import('../../features/payments/payment-details-page')),
  page('recipients', () => import('../../features/payments/recipients-page')),
  page('recipients/new', () => import('../../features/payments/recipient-edit-page')),
  page('recipients/choose', chooseRecipient),
  idPage('recipients/:id', () => import('../../features/payments/recipient-edit-page')),
];
