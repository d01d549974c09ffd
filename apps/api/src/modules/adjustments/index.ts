// Manual money operations of the back office: adjustments, manual credits and recorded incoming
// payments; four eyes on what would take one operator's or one account's rolling total past the
// approval threshold.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficeMoneyRoutes } from './adjustment-routes';

export { backofficeMoneyRoutes } from './adjustment-routes';
export { exceedsApprovalThreshold } from './approval-threshold';
export { decideManualCredit, listManualCredits } from './manual-credits';
export { bookIncomingPayment, type OperatorActor } from './record-incoming-payment';
export { claimSingleOperatorCredit, type FourEyesReason } from './single-operator-limit';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'adjustments',
  routes: [backofficeMoneyRoutes],
};
