import { shardAccountId, shardForTransfer } from './chart-of-accounts';
import { type AccountRow, resolutionOf, type TransferRow, transferFromRow } from './rows';
import type { AccountFlags, PendingResolution, Transfer } from './types';

// What one call to the ledger knows while it decides: the accounts it touches (the flagged
// ones locked, so their totals are current), the transfers it may meet again (retries and
// pending transfers) and what it has decided so far. Linked chains roll back through an undo
// log, so a failed chain leaves no trace in what gets written.

export type AccountState = {
  id: string;
  currency: string;
  flags: AccountFlags;
  debitsPendingMinor: number;
  debitsPostedMinor: number;
  creditsPendingMinor: number;
  creditsPostedMinor: number;
  shardCount: number;
  /** A frozen account takes no debit; on the optimistic path the write checks it is still not frozen. */
  frozen: boolean;
  /** The version read: on the optimistic path the write checks that it has not moved. */
  version: number;
};

export type EntrySide = 'debit' | 'credit';

export type EntryWrite = {
  /** Position of the transfer in this call's writes: orders an account's entries within the call. */
  ordinal: number;
  transferId: string;
  accountId: string;
  side: EntrySide;
  postedAmountMinor: number;
  pendingDeltaMinor: number;
};

export type LoadedBatch = {
  dbNow: Date;
  accounts: AccountRow[];
  transfers: TransferRow[];
  resolvers: { pending_id: string; id: string; kind: Transfer['kind']; code: string }[];
};

export type EntryChange = Omit<EntryWrite, 'ordinal' | 'transferId'>;

export class BatchState {
  readonly accounts = new Map<string, AccountState>();
  readonly transfers = new Map<string, Transfer>();
  readonly resolutions = new Map<string, PendingResolution>();
  readonly newTransfers: Transfer[] = [];
  readonly newEntries: EntryWrite[] = [];
  /**
   * Accounts whose limit a decision read. Only their balances can make a decision stale, so
   * only they are version-checked on the optimistic path; a credit to a client account, or a
   * post within its hold, can never break a limit.
   */
  readonly consulted = new Set<string>();
  private readonly undoLog: (() => void)[] = [];

  constructor(
    readonly now: Date,
    loaded?: LoadedBatch,
  ) {
    for (const row of loaded?.accounts ?? []) this.accounts.set(row.id, accountStateFromRow(row));
    for (const row of loaded?.transfers ?? []) this.transfers.set(row.id, transferFromRow(row));
    for (const row of loaded?.resolvers ?? []) this.resolutions.set(row.pending_id, resolutionOf(row));
  }

  /**
   * The account a transfer's entry goes to: the account itself, or for a sharded account the
   * shard the transfer's id hashes to. Shards carry no limit, so their totals are never needed
   * to decide and the write call locks them only at the end.
   */
  landingAccount(account: AccountState, transferId: string): AccountState {
    if (account.shardCount <= 1) return account;
    const id = shardAccountId(account.id, shardForTransfer(transferId, account.shardCount));
    let shard = this.accounts.get(id);
    if (!shard) {
      const zero = {
        debitsPendingMinor: 0,
        debitsPostedMinor: 0,
        creditsPendingMinor: 0,
        creditsPostedMinor: 0,
      };
      shard = { ...account, ...zero, id, shardCount: 1, frozen: false };
      this.accounts.set(id, shard);
    }
    return shard;
  }

  mark(): number {
    return this.undoLog.length;
  }

  rollbackTo(mark: number): void {
    while (this.undoLog.length > mark) this.undoLog.pop()?.();
  }

  /** Records a decided transfer: its entries move the account totals, a resolution closes its hold. */
  addTransfer(transfer: Transfer, entries: readonly EntryChange[]): void {
    const ordinal = this.newTransfers.length;
    this.newTransfers.push(transfer);
    this.transfers.set(transfer.id, transfer);
    this.undoLog.push(() => {
      this.newTransfers.pop();
      this.transfers.delete(transfer.id);
    });
    for (const entry of entries) this.addEntry({ ...entry, ordinal, transferId: transfer.id });
    const pendingId = transfer.pendingId;
    if (pendingId !== null) {
      this.resolutions.set(pendingId, resolutionOf(transfer));
      this.undoLog.push(() => this.resolutions.delete(pendingId));
    }
  }

  private addEntry(entry: EntryWrite): void {
    const account = this.accounts.get(entry.accountId);
    if (!account) throw new Error(`Ledger bug: entry for account ${entry.accountId} that was not loaded`);
    const posted = entry.side === 'debit' ? 'debitsPostedMinor' : 'creditsPostedMinor';
    const pending = entry.side === 'debit' ? 'debitsPendingMinor' : 'creditsPendingMinor';
    account[posted] += entry.postedAmountMinor;
    account[pending] += entry.pendingDeltaMinor;
    this.newEntries.push(entry);
    this.undoLog.push(() => {
      account[posted] -= entry.postedAmountMinor;
      account[pending] -= entry.pendingDeltaMinor;
      this.newEntries.pop();
    });
  }
}

function accountStateFromRow(row: AccountRow): AccountState {
  return {
    id: row.id,
    currency: row.currency,
    flags: {
      debitsMustNotExceedCredits: row.debits_must_not_exceed_credits,
      creditsMustNotExceedDebits: row.credits_must_not_exceed_debits,
    },
    debitsPendingMinor: row.debits_pending_minor,
    debitsPostedMinor: row.debits_posted_minor,
    creditsPendingMinor: row.credits_pending_minor,
    creditsPostedMinor: row.credits_posted_minor,
    shardCount: row.shard_count,
    frozen: row.frozen,
    version: row.version,
  };
}
