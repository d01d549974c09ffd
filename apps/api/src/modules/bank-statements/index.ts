export { bankFiguresFor } from './bank-figures';
export { backofficeBankStatementRoutes } from './bank-statement-routes';
