import { isCurrencyCode } from '@bluepeak/core';
import {
  LEDGER_TRANSFER_ID_PREFIX,
  type PlainTransferErrorCode,
  type TransferErrorCode,
  type TransferInput,
  transferErrorCodes,
} from './types';

// The checks that need no database: a transfer failing one of them is answered without
// opening a transaction. The same rules sit in the SQL CHECK constraints (migration 0002, the
// id, code and reference patterns rewritten in 0077).

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const MAX_REFERENCE_ID_LENGTH = 128;
/** 90 days: longer than any card authorisation or payment hold we expect to place. */
export const MAX_TIMEOUT_SECONDS = 90 * 24 * 60 * 60;

export function isValidLedgerId(id: unknown): boolean {
  return typeof id === 'string' && ID_PATTERN.test(id);
}

/** Three capital letters and a code in the ISO 4217 table ('eur' is not 'EUR'). */
export function isValidCurrency(currency: unknown): currency is string {
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && isCurrencyCode(currency);
}

export function amountProblem(amountMinor: unknown): PlainTransferErrorCode | undefined {
  if (typeof amountMinor !== 'number' || !Number.isInteger(amountMinor)) return 'amount_must_be_integer';
  if (amountMinor <= 0) return 'amount_must_be_positive';
  if (!Number.isSafeInteger(amountMinor)) return 'amount_exceeds_safe_range';
  return undefined;
}

function referenceProblem(type: unknown, id: unknown, optional: boolean): PlainTransferErrorCode | undefined {
  if (optional && type === undefined && id === undefined) return undefined;
  const typeOk = typeof type === 'string' && CODE_PATTERN.test(type);
  const idOk =
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= MAX_REFERENCE_ID_LENGTH &&
    !CONTROL_CHARACTERS.test(id);
  return typeOk && idOk ? undefined : 'reference_invalid';
}

function commonProblem(input: TransferInput, systemRequest: boolean): PlainTransferErrorCode | undefined {
  const idOk =
    isValidLedgerId(input.id) ||
    (systemRequest &&
      typeof input.id === 'string' &&
      input.id.startsWith(LEDGER_TRANSFER_ID_PREFIX) &&
      input.id.length <= 160);
  if (!idOk) return 'id_invalid';
  // The ledger's own ids (expiry) live in a namespace callers cannot reach.
  if (!systemRequest && input.id.startsWith(LEDGER_TRANSFER_ID_PREFIX)) return 'id_invalid';
  if (typeof input.code !== 'string' || !CODE_PATTERN.test(input.code)) return 'code_invalid';
  if (input.linked !== undefined && typeof input.linked !== 'boolean') return 'kind_invalid';
  if (
    input.eventAt !== undefined &&
    !(input.eventAt instanceof Date && Number.isFinite(input.eventAt.getTime()))
  )
    return 'event_at_invalid';
  return undefined;
}

function newTransferProblem(input: TransferInput & { kind: 'posted' | 'pending' }) {
  const amount = amountProblem(input.amountMinor);
  if (amount) return amount;
  if (!isValidCurrency(input.currency)) return 'currency_invalid';
  if (input.debitAccountId === input.creditAccountId) return 'accounts_must_be_different';
  if (!isValidLedgerId(input.debitAccountId) || !isValidLedgerId(input.creditAccountId))
    return 'account_not_found';
  const reference = referenceProblem(input.referenceType, input.referenceId, false);
  if (reference) return reference;
  if (input.kind === 'pending' && input.timeoutSeconds !== undefined) {
    const timeout = input.timeoutSeconds;
    if (!Number.isSafeInteger(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_SECONDS)
      return 'timeout_invalid';
  }
  if (input.kind === 'posted' && 'timeoutSeconds' in input && input.timeoutSeconds !== undefined)
    return 'timeout_invalid';
  return undefined;
}

function resolutionProblem(input: TransferInput & { kind: 'post_pending' | 'void_pending' }) {
  if (!isValidLedgerId(input.pendingId)) return 'pending_transfer_not_found';
  if (input.kind === 'post_pending' && input.amountMinor !== undefined) {
    const amount = amountProblem(input.amountMinor);
    if (amount) return amount;
  }
  if (input.kind === 'void_pending' && 'amountMinor' in input && input.amountMinor !== undefined)
    return 'kind_invalid';
  return referenceProblem(input.referenceType, input.referenceId, true);
}

/** The first problem with a transfer's own fields, or undefined when it may go to the database. */
export function validateTransferInput(
  input: TransferInput,
  systemRequest = false,
): PlainTransferErrorCode | undefined {
  const common = commonProblem(input, systemRequest);
  if (common) return common;
  switch (input.kind) {
    case 'posted':
    case 'pending':
      return newTransferProblem(input);
    case 'post_pending':
    case 'void_pending':
      return resolutionProblem(input);
    default:
      return 'kind_invalid';
  }
}

export function isTransferErrorCode(value: unknown): value is TransferErrorCode {
  return typeof value === 'string' && (transferErrorCodes as readonly string[]).includes(value);
}
