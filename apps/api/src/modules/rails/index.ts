export { backofficePaymentFileRoutes } from './payment-file-routes';
export { railChannel } from './rail-settings';
export { queueRailSubmission, runClearingSimulator, startRailWorker } from './rail-worker';
export { applyRailOutcome } from './settle-payment';
