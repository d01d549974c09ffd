export { backofficeAuditRoutes } from './audit-log-routes';
export { previousDay, runDailyReconciliation } from './daily-reconciliation';
export { backofficeReportingRoutes } from './reporting-routes';
export { reconcileSafeguarding } from './safeguarding-reconciliation';
