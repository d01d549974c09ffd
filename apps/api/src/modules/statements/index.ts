// Statements: one reader of an account's posted lines over a period, and the formats written
// from it (JSON, PDF, CSV, XLSX, camt.053, MT940), streamed a page at a time.

export { backofficeStatementRoutes } from './backoffice-statement-routes';
export { listMonthlyStatements, monthDays, recordMonthlyStatements } from './monthly-statements';
export { statementFile, statementJson } from './statement-files';
export {
  openStatement,
  openStatements,
  type Statement,
  type StatementAccount,
  type StatementDocument,
  type StatementLine,
} from './statement-lines';
export { clientStatementRoutes } from './statement-routes';
