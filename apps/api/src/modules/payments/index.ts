// Payments: creation with quotes (fees, FX), confirmation by one-time code, their holds and
// lifecycle on the ledger and the back office's payment queue.

import type { ModuleManifest } from '../../lib/module-manifest';
import { backofficePaymentRoutes } from './backoffice-payment-routes';
import { clientPaymentRoutes } from './client-payment-routes';

export { backofficePaymentRoutes } from './backoffice-payment-routes';
export {
  type BatchPaymentInput,
  insertBatchPayments,
  placeBatchHolds,
  priceColumns,
} from './batch-payments';
export { cancelPayment } from './cancel-payment';
export { clientPaymentRoutes } from './client-payment-routes';
export { insertPayment } from './create-payment';
export { listClientPayments } from './list-payments';
export { returnPayment, setPaymentHold } from './operator-actions';
export type { PriceColumns } from './payment-insert-rows';
export { placePaymentHolds, postInternalPayment, resolvePaymentHolds } from './payment-ledger';
export { findPayment, type PaymentRow, recentSamePaymentJoinSql } from './payment-rows';
export { changePaymentStatus, type PaymentActor, recordPaymentEvent } from './payment-status';
export { type PayoutKind, payoutResolvedHook } from './payout-resolved';
export { checkAmountAndCurrency, type PaymentQuote, quotePayment } from './quote-payment';
export { applyRailAnswer, expireUnconfirmedPayment, recordPaymentFile } from './rail-answers';
export { recordPastPayment } from './record-past-payment';
export { type PaymentStatementDetails, paymentStatementDetails } from './statement-details-rows';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'payments',
  routes: [clientPaymentRoutes, backofficePaymentRoutes],
};
