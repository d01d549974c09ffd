// Fees: the month-end run that charges the tariff's monthly fee and holding fee through the
// ledger (owed until the balance covers them) and records the monthly statements.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeFeeRoutes } from './backoffice-fee-routes';
import { monthEndJob } from './month-end-job';
import { clientReferenceLetterRoutes } from './reference-letter-routes';

export { backofficeFeeRoutes } from './backoffice-fee-routes';
export { feesOfMonth, markMonthRun } from './fee-rows';
export { monthEndJob } from './month-end-job';
export { monthOf, runMonth, runMonthEnd } from './month-end-run';
export { clientReferenceLetterRoutes } from './reference-letter-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'fees',
  routes: [clientReferenceLetterRoutes, backofficeFeeRoutes],
  jobs: [monthEndJob],
};
