// Batch payments: payment files (CSV, Excel, pain.001) and typed rows of up to 10,000 payments,
// their row checks, one code and one ledger hold for the whole batch, and the back office's view.

export { backofficeBatchRoutes } from './backoffice-batch-routes';
export { clientBatchRoutes } from './batch-routes';
