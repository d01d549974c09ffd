// Closing a client's account: the client's request, the operator's review, the closing fee and
// the pay-out of what remains.

export { backofficeDeactivationRoutes } from './backoffice-deactivation-routes';
export { clientDeactivationRoutes } from './client-deactivation-routes';
export { onPayoutResolved } from './payout-outcome';
