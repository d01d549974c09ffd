// Accounts: a client's account group (IBAN, sort code) and its currency accounts on the ledger, the
// opening fee, incoming credits, statements, referrals and IBAN checks.

import type { ModuleManifest } from '../../lib/module-manifest';
import { clientAccountRoutes } from './account-routes';
import { clientIbanRoutes } from './iban-routes';
import { clientReferralRoutes } from './referral-routes';

export { findAccountGroupOfClient } from './account-group-rows';
export { accountLabel, accountLabels } from './account-labels';
export { clientAccountRoutes } from './account-routes';
export {
  clientAccountNames,
  findClientAccount,
  findClientAccountByCurrency,
  findClientAccountWithLedger,
  listClientAccountRows,
} from './account-rows';
export { addAccountsToClientRecord } from './client-record-part';
export { addClosingFee, recordFeeCharged } from './fee-charged';
export { clientIbanRoutes } from './iban-routes';
export {
  creditIncomingPayment,
  findAccountForIncomingCredit,
  type IncomingCreditTarget,
} from './incoming-credit';
export { incomingPayerNames } from './incoming-payer-rows';
export { openAccountsOnApproval } from './on-approval';
export { ledgerAccountIdFor, openCurrencyAccount } from './open-accounts';
export { collectOwedFees, type OwedFeeInput, recordOwedFee } from './opening-fee';
export { listAccountsWithBalances } from './read-accounts';
export { clientReferralRoutes } from './referral-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'accounts',
  routes: [clientAccountRoutes, clientIbanRoutes, clientReferralRoutes],
};
