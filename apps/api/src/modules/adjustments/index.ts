export { backofficeMoneyRoutes } from './adjustment-routes';
export { needsSecondOperator } from './approval-threshold';
export { decideManualCredit, listManualCredits } from './manual-credits';
export { bookIncomingPayment, type OperatorActor } from './record-incoming-payment';
