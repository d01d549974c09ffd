// Manual money operations of the back office: adjustments, manual credits and recorded incoming
// payments, each decided by four eyes above the approval threshold.

export { backofficeMoneyRoutes } from './adjustment-routes';
export { needsSecondOperator } from './approval-threshold';
export { decideManualCredit, listManualCredits } from './manual-credits';
export { bookIncomingPayment, type OperatorActor } from './record-incoming-payment';
