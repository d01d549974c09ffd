// The safeguarding bank's camt.053 statements: import and validation, matching credits to
// client accounts, the unmatched queue and the bank's daily figures (docs/incoming-money.md).

export { bankFiguresFor } from './bank-figures';
export { backofficeBankStatementRoutes } from './bank-statement-routes';
export { validateCamt053 } from './validate-statement';
