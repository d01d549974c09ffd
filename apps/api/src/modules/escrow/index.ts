// Escrow deals: a buyer's money held in the ledger's escrow account until an escrow officer
// finds the deal's conditions met, then released or refunded under four eyes.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeEscrowRoutes } from './backoffice-escrow-routes';
import { clientEscrowChangeRoutes } from './client-escrow-change-routes';
import { clientEscrowRoutes } from './client-escrow-routes';
import { devEscrowRoutes } from './dev-escrow-routes';

export { backofficeEscrowRoutes } from './backoffice-escrow-routes';
export { clientEscrowChangeRoutes } from './client-escrow-change-routes';
export { clientEscrowRoutes } from './client-escrow-routes';
export { devEscrowRoutes } from './dev-escrow-routes';
export { type IncomingEscrowFunding, incomingEscrowFunding } from './incoming-funding';
export { onEscrowPayoutResolved } from './payout-outcome';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'escrow',
  demoRoutes: [devEscrowRoutes],
  routes: [clientEscrowRoutes, clientEscrowChangeRoutes, backofficeEscrowRoutes],
};
