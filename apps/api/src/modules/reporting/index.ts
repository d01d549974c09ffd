// Back-office reporting: the audit-log search and the safeguarding reconciliation, recorded by
// an operator or run by itself once a day.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeAuditRoutes } from './audit-log-routes';
import { dailyReconciliationJob } from './daily-reconciliation-job';
import { backofficeReportingRoutes } from './reporting-routes';

export { backofficeAuditRoutes } from './audit-log-routes';
export { previousDay, runDailyReconciliation } from './daily-reconciliation';
export { dailyReconciliationJob } from './daily-reconciliation-job';
export { backofficeReportingRoutes } from './reporting-routes';
export { reconcileSafeguarding } from './safeguarding-reconciliation';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'reporting',
  routes: [backofficeAuditRoutes, backofficeReportingRoutes],
  jobs: [dailyReconciliationJob],
};
