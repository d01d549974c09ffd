import type { ComponentType } from 'react';
import { createHashRouter, Navigate } from 'react-router';
import { RouteError } from './components/route-error';
import { LoginPage } from './features/auth/login-page';
import { BackofficeLayout, FirstAllowedPage } from './layout';

// The back office's hash router. Each page is its own chunk; the layout checks the session
// and hides what the operator's roles do not allow.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const backofficeRouter = createHashRouter([
  { path: 'login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: 'invitation/:token',
    lazy: page(() => import('./features/operators/invitation-page')),
    errorElement: <RouteError />,
  },
  {
    element: <BackofficeLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <FirstAllowedPage /> },
      { path: 'clients', lazy: page(() => import('./features/onboarding-queues/queues-page')) },
      { path: 'clients/:id', lazy: page(() => import('./features/clients/client-record-page')) },
      { path: 'audit', lazy: page(() => import('./features/audit/audit-page')) },
      { path: 'reporting', lazy: page(() => import('./features/reporting/reporting-page')) },
      { path: 'fee-run', lazy: page(() => import('./features/fee-runs/fee-run-page')) },
      { path: 'adjustments', lazy: page(() => import('./features/adjustments/adjustments-page')) },
      { path: 'operators', lazy: page(() => import('./features/operators/operators-page')) },
      { path: 'escrow', lazy: page(() => import('./features/escrow/escrow-desk-page')) },
      { path: 'escrow/:id', lazy: page(() => import('./features/escrow/escrow-deal-page')) },
      { path: 'tickets', lazy: page(() => import('./features/tickets/tickets-page')) },
      { path: 'tickets/:id', lazy: page(() => import('./features/tickets/ticket-page')) },
      { path: 'deactivations', lazy: page(() => import('./features/deactivations/deactivations-page')) },
      { path: 'payments', lazy: page(() => import('./features/payments/payments-page')) },
      { path: 'payments/batches', lazy: page(() => import('./features/payments/batches-page')) },
      { path: 'payments/batches/:id', lazy: page(() => import('./features/payments/batch-detail-page')) },
      { path: 'payments/:id', lazy: page(() => import('./features/payments/payment-detail-page')) },
      { path: 'exchanges', lazy: page(() => import('./features/exchange/exchanges-page')) },
      { path: 'fx-desk', lazy: page(() => import('./features/exchange/fx-desk-page')) },
      { path: 'payment-files', lazy: page(() => import('./features/payment-files/payment-files-page')) },
      {
        path: 'bank-statements',
        lazy: page(() => import('./features/bank-statements/bank-statements-page')),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
