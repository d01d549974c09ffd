// Closing a client's account: the client's request, the operator's review, the closing fee and
// the pay-out of what remains.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeDeactivationRoutes } from './backoffice-deactivation-routes';
import { clientDeactivationRoutes } from './client-deactivation-routes';

export { backofficeDeactivationRoutes } from './backoffice-deactivation-routes';
export { clientDeactivationRoutes } from './client-deactivation-routes';
export { onPayoutResolved } from './payout-outcome';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'deactivation',
  routes: [clientDeactivationRoutes, backofficeDeactivationRoutes],
};
