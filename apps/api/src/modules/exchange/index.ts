// Currency exchange: quotes with a locked rate, their confirmation as one ledger call of linked
// transfers and the back office's FX views (rates themselves are the fx-rates module's).

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeExchangeRoutes } from './backoffice-exchange-routes';
import { clientExchangeRoutes } from './exchange-routes';

export { backofficeExchangeRoutes } from './backoffice-exchange-routes';
export { exchangeTransfers } from './exchange-ledger';
export { clientExchangeRoutes } from './exchange-routes';
export { type ExchangeRow, exchangePairs } from './exchange-rows';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'exchange',
  routes: [clientExchangeRoutes, backofficeExchangeRoutes],
};
