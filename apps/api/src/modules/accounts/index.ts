// The accounts module's surface for other modules (payments, rails, the back office).
export { clientCurrencies, findClientAccount, findClientAccountByCurrency } from './account-rows';
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
