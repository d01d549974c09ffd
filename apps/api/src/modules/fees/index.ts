// Fees: the month-end run that charges the tariff's monthly fee and holding fee through the
// ledger (owed until the balance covers them) and records the monthly statements.

export { backofficeFeeRoutes } from './backoffice-fee-routes';
export { feesOfMonth, markMonthRun } from './fee-rows';
export { monthEndJob } from './month-end-job';
export { monthOf, runMonth, runMonthEnd } from './month-end-run';
export { clientReferenceLetterRoutes } from './reference-letter-routes';
