// Back-office reporting: the audit-log search and the safeguarding reconciliation, recorded by
// an operator or run by itself once a day.

export { backofficeAuditRoutes } from './audit-log-routes';
export { previousDay, runDailyReconciliation } from './daily-reconciliation';
export { dailyReconciliationJob } from './daily-reconciliation-job';
export { backofficeReportingRoutes } from './reporting-routes';
export { reconcileSafeguarding } from './safeguarding-reconciliation';
