import type { Queryable } from '../../db/database';
import { type WriteCounts, writeBatchRows } from './batch-rows';
import type { BatchState, EntryWrite } from './batch-state';

// The second database call of a ledger call (the SQL function ledger_write_batch, run by
// batch-rows.ts): everything the call decided, written in one round trip however many transfers
// it carries.

// A unique violation on a transfer id or on a pending transfer's one resolution means another
// call committed the same transfer while this one waited (see batch-rows.ts). SQLSTATE 40001
// tells withTransaction, ours or the caller's, to run the whole transaction again; the retry
// then answers from the stored transfer.
const RACE_CONSTRAINTS = ['ledger_transfers_pkey', 'ledger_transfers_one_resolution'];

export class LedgerRaceError extends Error {
  readonly code = '40001';
  constructor(cause: unknown) {
    super('A concurrent ledger call wrote the same transfer first; retry the transaction', { cause });
    this.name = 'LedgerRaceError';
  }
}

/**
 * Writes what the call decided. `optimistic` says the flagged balances were read without a lock:
 * the write then checks that those whose limit a decision read, and that it moves, are still at
 * the versions read.
 */
export async function writeBatch(tx: Queryable, state: BatchState, optimistic: boolean): Promise<void> {
  const transfers = state.newTransfers.map((t) => ({
    id: t.id,
    kind: t.kind,
    linked: t.linked,
    debit_account_id: t.debitAccountId,
    credit_account_id: t.creditAccountId,
    amount_minor: t.amountMinor,
    currency: t.currency,
    code: t.code,
    reference_type: t.referenceType,
    reference_id: t.referenceId,
    pending_id: t.pendingId,
    timeout_seconds: t.timeoutSeconds,
    expires_at: t.expiresAt?.toISOString() ?? null,
    event_at: t.eventAt.toISOString(),
  }));
  const { accounts, entries } = layOut(state.newEntries);
  const expected = optimistic
    ? accounts.flatMap((a) => {
        const read = state.accounts.get(a.id);
        return read && state.consulted.has(a.id) ? [{ id: a.id, version: read.version }] : [];
      })
    : [];
  const counts = await runWrite(tx, [
    JSON.stringify(transfers),
    accounts.map((a) => a.id),
    accounts.map((a) => a.debitsPostedDelta),
    accounts.map((a) => a.debitsPendingDelta),
    accounts.map((a) => a.creditsPostedDelta),
    accounts.map((a) => a.creditsPendingDelta),
    accounts.map((a) => a.entryCount),
    entries.map((e) => e.accountId),
    entries.map((e) => e.transferId),
    entries.map((e) => e.side),
    entries.map((e) => e.postedAmountMinor),
    entries.map((e) => e.pendingDeltaMinor),
    entries.map((e) => e.position),
    entries.map((e) => e.runningDelta),
    state.now,
    expected.map((e) => e.id),
    expected.map((e) => e.version),
  ]);
  if (counts.written_transfers !== transfers.length || counts.written_entries !== entries.length) {
    throw new Error(`Ledger bug: wrote ${JSON.stringify(counts)}, expected ${transfers.length} transfers`);
  }
}

type AccountDelta = {
  id: string;
  debitsPostedDelta: number;
  debitsPendingDelta: number;
  creditsPostedDelta: number;
  creditsPendingDelta: number;
  entryCount: number;
  balanceDelta: number;
};

/**
 * Sums each account's entries and numbers them: an entry's position among its account's entries
 * in this call and the running balance delta up to it, from which SQL derives its version and
 * balances. Accounts come sorted by id; ids are ASCII, so this order is the "C" collation's.
 */
export function layOut(newEntries: readonly EntryWrite[]) {
  const byAccount = new Map<string, AccountDelta>();
  const entries = newEntries.map((entry) => {
    let account = byAccount.get(entry.accountId);
    if (!account) {
      account = {
        id: entry.accountId,
        debitsPostedDelta: 0,
        debitsPendingDelta: 0,
        creditsPostedDelta: 0,
        creditsPendingDelta: 0,
        entryCount: 0,
        balanceDelta: 0,
      };
      byAccount.set(entry.accountId, account);
    }
    const debit = entry.side === 'debit';
    account[debit ? 'debitsPostedDelta' : 'creditsPostedDelta'] += entry.postedAmountMinor;
    account[debit ? 'debitsPendingDelta' : 'creditsPendingDelta'] += entry.pendingDeltaMinor;
    account.entryCount += 1;
    account.balanceDelta += debit ? -entry.postedAmountMinor : entry.postedAmountMinor;
    return { ...entry, position: account.entryCount, runningDelta: account.balanceDelta };
  });
  const accounts = [...byAccount.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { accounts, entries };
}

async function runWrite(tx: Queryable, params: unknown[]): Promise<WriteCounts> {
  try {
    const [counts] = await writeBatchRows(tx, params);
    if (!counts) throw new Error('Ledger bug: the write statement returned no row');
    return counts;
  } catch (error) {
    if (isRaceViolation(error)) throw new LedgerRaceError(error);
    throw error;
  }
}

export function isRaceViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  const text = `${String(constraint ?? '')} ${String(message ?? '')}`;
  return RACE_CONSTRAINTS.some((name) => text.includes(name));
}
