// The double-entry ledger: accounts, transfers, holds and statements. Only this module reads or
// writes the ledger_* tables (docs/ledger.md).

import type { ModuleManifest } from '../../lib/module-manifest';

export { type AccountJson, accountJsonSql, describeAccounts } from './account-rows';
export { getAccountStatement, type LedgerEntry, MAX_STATEMENT_ENTRIES } from './account-statement';
export { railsForCurrency, systemAccountId } from './chart-of-accounts';
export { checkLedgerInvariants, formatInvariantReport } from './check-invariants';
export {
  type CreateTransfersOptions,
  createTransfer,
  createTransfers,
  createTransfersInTransaction,
  ledgerStats,
} from './create-transfers';
export {
  dailyClosingBalances,
  type EntryCursor,
  type PostedBalances,
  postedBalancesAround,
  readPostedEntryPage,
} from './entry-pages';
export { expirePendingTransfers, expiryTransferId } from './expire-pending-transfers';
export { freezeAccount, listAccountFreezes, unfreezeAccount } from './freeze-account';
export { ensureSystemAccounts, openClientAccount } from './open-account';
export {
  accountFromJson,
  balancesByKindAt,
  getAccount,
  getAccounts,
  getPendingTransferState,
  getTransfer,
  listTransfersByReference,
} from './read-ledger';
export {
  firstRefusal,
  type LedgerRefusals,
  type RefusalWording,
  throwLedgerRefusal,
  transferOrRefuse,
} from './refusals';
export { EXPIRY_TRANSFER_CODE } from './rows';
export { transferExistsSql } from './transfer-rows';
export * from './types';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'ledger',
};
