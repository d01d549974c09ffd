import type { ComponentType } from 'react';
import { createHashRouter, Navigate } from 'react-router';
import { BackofficeLayout, FirstAllowedPage } from './layout';
import { LoginPage } from './pages/login-page';
import { RouteError } from './route-error';

// The back office's hash router. Each page is its own chunk; the layout checks the session
// and hides what the operator's roles do not allow.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const backofficeRouter = createHashRouter([
  { path: 'login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: 'invitation/:token',
    lazy: page(() => import('./pages/invitation-page')),
    errorElement: <RouteError />,
  },
  {
    element: <BackofficeLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <FirstAllowedPage /> },
      { path: 'clients', lazy: page(() => import('./pages/queues-page')) },
      { path: 'clients/:id', lazy: page(() => import('./pages/client-record-page')) },
      { path: 'audit', lazy: page(() => import('./pages/audit-page')) },
      { path: 'reporting', lazy: page(() => import('./pages/reporting-page')) },
      { path: 'adjustments', lazy: page(() => import('./pages/adjustments-page')) },
      { path: 'operators', lazy: page(() => import('./pages/operators-page')) },
      { path: 'tickets', lazy: page(() => import('./tickets/tickets-page')) },
      { path: 'tickets/:id', lazy: page(() => import('./tickets/ticket-page')) },
      { path: 'deactivations', lazy: page(() => import('./pages/deactivations-page')) },
      { path: 'payments', lazy: page(() => import('./payments/payments-page')) },
      { path: 'payments/:id', lazy: page(() => import('./payments/payment-detail-page')) },
      { path: 'payment-files', lazy: page(() => import('./payments/payment-files-page')) },
      { path: 'bank-statements', lazy: page(() => import('./bank-statements/bank-statements-page')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
