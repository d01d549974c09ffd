import type { AccountState, BatchState, EntryChange } from './batch-state';
import { newTransfer } from './new-transfer';
import { EXPIRY_TRANSFER_CODE } from './rows';
import type {
  CreateTransferResult,
  PendingTransferInput,
  PlainTransferErrorCode,
  PostedTransferInput,
  PostPendingInput,
  Transfer,
  TransferFailure,
  TransferInput,
  VoidPendingInput,
} from './types';

// Decides one transfer against the state of its call, after its own fields passed
// validateTransferInput. Expected failures come back as result codes and change nothing;
// a success is recorded in the state and written later with the rest of the call.

const MAX_TOTAL = BigInt(Number.MAX_SAFE_INTEGER);

export function fail(code: PlainTransferErrorCode): TransferFailure {
  return { ok: false, code };
}

export function applyTransfer(
  state: BatchState,
  input: TransferInput,
  systemRequest: boolean,
): CreateTransferResult {
  const existing = state.transfers.get(input.id);
  if (existing) {
    return hasSameFields(state, input, existing)
      ? { ok: true, status: 'exists', transfer: existing }
      : fail('exists_with_different_fields');
  }
  if (input.kind === 'posted' || input.kind === 'pending') return applyNewTransfer(state, input);
  return applyResolution(state, input, systemRequest);
}

function applyNewTransfer(state: BatchState, input: PostedTransferInput | PendingTransferInput) {
  const namedDebit = state.accounts.get(input.debitAccountId);
  const namedCredit = state.accounts.get(input.creditAccountId);
  if (!namedDebit || !namedCredit) return fail('account_not_found');
  if (namedDebit.currency !== input.currency || namedCredit.currency !== input.currency)
    return fail('currency_mismatch');
  const debit = state.landingAccount(namedDebit, input.id);
  const credit = state.landingAccount(namedCredit, input.id);
  const isPending = input.kind === 'pending';
  if (debit.flags.debitsMustNotExceedCredits || debit.frozen) state.consulted.add(debit.id);
  if (credit.flags.creditsMustNotExceedDebits) state.consulted.add(credit.id);
  if (debit.frozen) return fail('account_frozen');
  const problem = limitProblem(debit, credit, BigInt(input.amountMinor), isPending);
  if (problem) return fail(problem);

  const transfer = newTransfer(input, {
    debitAccountId: debit.id,
    creditAccountId: credit.id,
    linked: input.linked ?? false,
    createdAt: state.now,
  });
  const postedAmountMinor = isPending ? 0 : input.amountMinor;
  const pendingDeltaMinor = isPending ? input.amountMinor : 0;
  state.addTransfer(transfer, [
    { accountId: debit.id, side: 'debit', postedAmountMinor, pendingDeltaMinor },
    { accountId: credit.id, side: 'credit', postedAmountMinor, pendingDeltaMinor },
  ]);
  return { ok: true, status: 'created', transfer } as const;
}

// Sums in bigint: three totals near 2^53 would round as numbers.
function limitProblem(debit: AccountState, credit: AccountState, amount: bigint, isPending: boolean) {
  const debitSide = BigInt(isPending ? debit.debitsPendingMinor : debit.debitsPostedMinor);
  const creditSide = BigInt(isPending ? credit.creditsPendingMinor : credit.creditsPostedMinor);
  if (debitSide + amount > MAX_TOTAL) return 'overflows_debits';
  if (creditSide + amount > MAX_TOTAL) return 'overflows_credits';
  const debitsSpent = BigInt(debit.debitsPostedMinor) + BigInt(debit.debitsPendingMinor) + amount;
  if (debit.flags.debitsMustNotExceedCredits && debitsSpent > BigInt(debit.creditsPostedMinor))
    return 'exceeds_credits';
  const creditsTaken = BigInt(credit.creditsPostedMinor) + BigInt(credit.creditsPendingMinor) + amount;
  if (credit.flags.creditsMustNotExceedDebits && creditsTaken > BigInt(credit.debitsPostedMinor))
    return 'exceeds_debits';
  return undefined;
}

function applyResolution(
  state: BatchState,
  input: PostPendingInput | VoidPendingInput,
  systemRequest: boolean,
): CreateTransferResult {
  const pending = state.transfers.get(input.pendingId);
  if (!pending) return fail('pending_transfer_not_found');
  if (pending.kind !== 'pending') return fail('pending_transfer_not_pending');
  const resolution = state.resolutions.get(pending.id);
  if (resolution) return { ok: false, code: 'pending_already_resolved', resolution };
  const isExpiry = systemRequest && input.kind === 'void_pending' && input.code === EXPIRY_TRANSFER_CODE;
  const expired = pending.expiresAt !== null && pending.expiresAt.getTime() <= state.now.getTime();
  // Past its timeout a hold belongs to the expiry job, even before the job has run.
  if (expired && !isExpiry) return fail('pending_expired');
  if (isExpiry && !expired) throw new Error(`Ledger bug: expiring ${pending.id} before its timeout`);
  const amountMinor =
    input.kind === 'post_pending' ? (input.amountMinor ?? pending.amountMinor) : pending.amountMinor;
  if (amountMinor > pending.amountMinor) return fail('exceeds_pending_amount');
  if (input.kind === 'post_pending') {
    // A post moves held money out of the debit account: a freeze stops it, as it stops any debit.
    // The write then checks the account is still unfrozen (a void only gives money back).
    const debit = state.accounts.get(pending.debitAccountId);
    if (debit?.flags.debitsMustNotExceedCredits || debit?.frozen) state.consulted.add(pending.debitAccountId);
    if (debit?.frozen) return fail('account_frozen');
  }

  const transfer: Transfer = {
    ...pending,
    id: input.id,
    kind: input.kind,
    linked: input.linked ?? false,
    amountMinor,
    code: input.code,
    referenceType: input.referenceType ?? pending.referenceType,
    referenceId: input.referenceId ?? pending.referenceId,
    pendingId: pending.id,
    timeoutSeconds: null,
    expiresAt: null,
    eventAt: input.eventAt ?? state.now,
    createdAt: state.now,
  };
  // The whole hold is released; a post then moves the amount it names, which may be less.
  const postedAmountMinor = input.kind === 'post_pending' ? amountMinor : 0;
  const pendingDeltaMinor = -pending.amountMinor;
  const entries: EntryChange[] = [
    { accountId: pending.debitAccountId, side: 'debit', postedAmountMinor, pendingDeltaMinor },
    { accountId: pending.creditAccountId, side: 'credit', postedAmountMinor, pendingDeltaMinor },
  ];
  state.addTransfer(transfer, entries);
  return { ok: true, status: 'created', transfer };
}

/** A retry matches when every field the caller gave equals the stored transfer's. */
function hasSameFields(state: BatchState, input: TransferInput, existing: Transfer): boolean {
  if (existing.kind !== input.kind || existing.code !== input.code) return false;
  if (existing.linked !== (input.linked ?? false)) return false;
  if (input.eventAt && input.eventAt.getTime() !== existing.eventAt.getTime()) return false;
  if (input.kind === 'posted' || input.kind === 'pending') {
    return (
      existing.debitAccountId === landingId(state, input.debitAccountId, input.id) &&
      existing.creditAccountId === landingId(state, input.creditAccountId, input.id) &&
      existing.amountMinor === input.amountMinor &&
      existing.currency === input.currency &&
      existing.referenceType === input.referenceType &&
      existing.referenceId === input.referenceId &&
      existing.timeoutSeconds === (input.kind === 'pending' ? (input.timeoutSeconds ?? null) : null)
    );
  }
  if (existing.pendingId !== input.pendingId) return false;
  if (input.referenceType !== undefined && input.referenceType !== existing.referenceType) return false;
  if (input.referenceId !== undefined && input.referenceId !== existing.referenceId) return false;
  if (input.kind === 'void_pending') return true;
  const wantedAmount = input.amountMinor ?? state.transfers.get(input.pendingId)?.amountMinor;
  return wantedAmount === existing.amountMinor;
}

/** The id a transfer's entry for a named account went to: the account or its shard. */
function landingId(state: BatchState, accountId: string, transferId: string): string {
  const account = state.accounts.get(accountId);
  return account ? state.landingAccount(account, transferId).id : accountId;
}
