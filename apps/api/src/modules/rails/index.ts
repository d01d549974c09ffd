// How payments reach their rails: the rail outbox worker, the clearing simulator and ISO 20022
// pain.001 / pain.002 files, and each rail's channel setting.

export { buildPain001 } from './pain001';
export { backofficePaymentFileRoutes } from './payment-file-routes';
export { railChannel } from './rail-settings';
export {
  queueRailSubmission,
  queueRailSubmissions,
  railWorkerJob,
  runClearingSimulator,
} from './rail-worker';
export { applyRailOutcome } from './settle-payment';
