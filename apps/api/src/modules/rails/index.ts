// How payments reach their rails: the rail outbox worker, the clearing simulator and ISO 20022
// pain.001 / pain.002 files, and each rail's channel setting. Rails sit below payments: where a
// rail changes a payment, it runs a hook that payments registers (module-hooks.ts).

import type { ModuleManifest } from '../../lib/module-manifest';
import { railWorkerJob } from './rail-worker-job';

export { buildPain001 } from './pain001';
export { backofficePaymentFileRoutes } from './payment-file-routes';
export { paymentsFiledHook } from './payment-files';
export { railChannel } from './rail-settings';
export { cancelRailSubmission, lockRailSubmission } from './rail-submission-rows';
export {
  queueRailSubmission,
  queueRailSubmissions,
  type RailPayment,
  recordSettledRailSubmission,
} from './rail-submissions';
export { runClearingSimulator, unconfirmedPaymentHook } from './rail-worker';
export { railWorkerJob } from './rail-worker-job';
export {
  applyRailOutcome,
  type RailActor,
  type RailAnswer,
  railAnswerHook,
  type SettleResult,
} from './settle-payment';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'rails',
  jobs: [railWorkerJob],
};
