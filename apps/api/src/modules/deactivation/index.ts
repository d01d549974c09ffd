export { backofficeDeactivationRoutes } from './backoffice-deactivation-routes';
export { clientDeactivationRoutes } from './client-deactivation-routes';
export { onPayoutResolved } from './payout-outcome';
