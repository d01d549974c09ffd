// The ledger's public surface. Services import from here; only this folder writes the
// ledger_* tables (docs/ledger.md).
export {
  type AccountStatement,
  getAccountStatement,
  MAX_STATEMENT_ENTRIES,
  type StatementEntry,
} from './account-statement';
export type { EntrySide } from './batch-state';
export {
  accountKindPurposes,
  HOT_ACCOUNT_SHARDS,
  railsForCurrency,
  type SystemAccountKind,
  shardAccountId,
  shardForTransfer,
  systemAccountId,
  systemAccountSpecs,
} from './chart-of-accounts';
export {
  checkLedgerInvariants,
  formatInvariantReport,
  type LedgerBreak,
  type LedgerInvariantReport,
} from './check-invariants';
export {
  type CreateTransfersOptions,
  createTransfer,
  createTransfers,
  createTransfersInTransaction,
  ledgerStats,
} from './create-transfers';
export { expirePendingTransfers, expiryTransferId } from './expire-pending-transfers';
export {
  type AccountFreezeEvent,
  type FreezeAccountInput,
  type FreezeAccountResult,
  freezeAccount,
  listAccountFreezes,
  unfreezeAccount,
} from './freeze-account';
export {
  ensureSystemAccounts,
  type OpenAccountResult,
  type OpenClientAccountInput,
  openClientAccount,
} from './open-account';
export {
  getAccount,
  getAccounts,
  getPendingTransferState,
  getTransfer,
  listClientAccounts,
  listTransfersByReference,
  type PendingTransferState,
} from './read-ledger';
export { EXPIRY_TRANSFER_CODE } from './rows';
export * from './types';
export {
  amountProblem,
  isTransferErrorCode,
  isValidCurrency,
  validateTransferInput,
} from './validate-transfer-input';
export { LedgerRaceError } from './write-batch';
