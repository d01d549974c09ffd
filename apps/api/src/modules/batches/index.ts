// Batch payments: payment files (CSV, Excel, pain.001) and typed rows of up to 10,000 payments,
// their row checks, one code and one ledger hold for the whole batch, and the back office's view.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeBatchRoutes } from './backoffice-batch-routes';
import { clientBatchRoutes } from './batch-routes';

export { backofficeBatchRoutes } from './backoffice-batch-routes';
export { clientBatchRoutes } from './batch-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'batches',
  routes: [clientBatchRoutes, backofficeBatchRoutes],
};
