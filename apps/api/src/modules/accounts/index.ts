// The accounts module's surface for other modules (payments, rails, the back office).

export { clientAccountRoutes } from './account-routes';
export {
  clientCurrencies,
  findAccountGroupOfClient,
  findClientAccount,
  findClientAccountByCurrency,
  listClientAccountRows,
} from './account-rows';
export { recordFeeCharged } from './fee-charged';
export { clientIbanRoutes } from './iban-routes';
export {
  findStoredAnswer,
  idempotencyKeyReused,
  parseIdempotencyKey,
  parseOptionalIdempotencyKey,
  requestHashOf,
  runIdempotent,
  runMaybeIdempotent,
  storeAnswer,
} from './idempotency';
export {
  creditIncomingPayment,
  findAccountForIncomingCredit,
  type IncomingCredit,
  type IncomingCreditAddress,
  type IncomingCreditTarget,
} from './incoming-credit';
export { openAccountsOnApproval } from './on-approval';
export { ledgerAccountIdFor, openCurrencyAccount } from './open-accounts';
export { collectOwedFees } from './opening-fee';
export { listAccountGroups } from './read-accounts';
export { clientReferralRoutes } from './referral-routes';
