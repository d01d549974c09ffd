// Statements: one reader of an account's posted lines over a period, and the formats written
// from it (JSON, PDF, CSV, XLSX, camt.053, MT940), streamed a page at a time.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeStatementRoutes } from './backoffice-statement-routes';
import { clientStatementRoutes } from './statement-routes';

export { backofficeStatementRoutes } from './backoffice-statement-routes';
export { listMonthlyStatements } from './monthly-statement-rows';
export { monthDays, recordMonthlyStatements } from './monthly-statements';
export {
  openStatement,
  openStatements,
  type Statement,
  type StatementAccount,
  type StatementDocument,
  type StatementEntry,
} from './statement-entries';
export { statementFile, statementJson } from './statement-files';
export { clientStatementRoutes } from './statement-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'statements',
  routes: [clientStatementRoutes, backofficeStatementRoutes],
};
