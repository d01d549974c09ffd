// Payments: creation with quotes (fees, FX), confirmation by one-time code, their holds and
// lifecycle on the ledger, the back office's payment queue and FX rates.

export { backofficePaymentRoutes } from './backoffice-payment-routes';
export {
  type BatchPaymentInput,
  insertBatchPayments,
  placeBatchHolds,
  recentPaymentKeys,
} from './batch-payments';
export { cancelPayment } from './cancel-payment';
export { clientPaymentRoutes } from './client-payment-routes';
export { insertPayment } from './create-payment';
export { backofficeFxRateRoutes } from './fx-rate-routes';
export {
  marketRate,
  recordRateHistory,
  type SourcedRate,
  sourcedMarketRate,
  storeFeedRates,
} from './fx-rates';
export { listClientPayments } from './list-payments';
export { returnPayment, setPaymentHold } from './operator-actions';
export { placePaymentHolds, postInternalPayment, resolvePaymentHolds } from './payment-ledger';
export {
  findPayment,
  type PaymentRow,
  type PaymentStatementDetails,
  paymentStatementDetails,
} from './payment-rows';
export { changePaymentStatus, type PaymentActor, recordPaymentEvent } from './payment-status';
export { checkAmountAndCurrency, type PaymentQuote, quotePayment } from './quote-payment';
export { recordPastPayment } from './record-past-payment';
export { type ResolvedPayee, resolvePayee } from './resolve-payee';
