// The safeguarding bank's camt.053 statements: import and validation, matching credits to
// client accounts, the unmatched queue and the bank's daily figures (docs/incoming-money.md).

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeBankStatementRoutes } from './bank-statement-routes';

export { bankFiguresFor } from './bank-figures';
export { backofficeBankStatementRoutes } from './bank-statement-routes';
export { validateCamt053 } from './validate-statement';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'bank-statements',
  routes: [backofficeBankStatementRoutes],
};
