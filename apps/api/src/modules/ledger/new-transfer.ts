import type { PendingTransferInput, PostedTransferInput, Transfer } from './types';

/** A pending input's timeout (none when it has none); a posted input never has one. */
export function timeoutOf(input: PostedTransferInput | PendingTransferInput): number | null {
  return input.kind === 'pending' ? (input.timeoutSeconds ?? null) : null;
}

/**
 * The transfer a posted or pending input becomes between the accounts it was resolved to,
 * created at `createdAt`: a pending one expires its timeout later, and it happened when the
 * input says (eventAt) or else when it was created.
 */
export function newTransfer(
  input: PostedTransferInput | PendingTransferInput,
  made: { debitAccountId: string; creditAccountId: string; linked: boolean; createdAt: Date },
): Transfer {
  const timeoutSeconds = timeoutOf(input);
  return {
    id: input.id,
    kind: input.kind,
    linked: made.linked,
    debitAccountId: made.debitAccountId,
    creditAccountId: made.creditAccountId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    code: input.code,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    pendingId: null,
    timeoutSeconds,
    expiresAt: timeoutSeconds === null ? null : new Date(made.createdAt.getTime() + timeoutSeconds * 1000),
    eventAt: input.eventAt ?? made.createdAt,
    createdAt: made.createdAt,
  };
}
