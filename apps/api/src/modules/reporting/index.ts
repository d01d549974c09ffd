export { backofficeAuditRoutes } from './audit-log-routes';
export { dailyReconciliationJob, previousDay, runDailyReconciliation } from './daily-reconciliation';
export { backofficeReportingRoutes } from './reporting-routes';
export { reconcileSafeguarding } from './safeguarding-reconciliation';
