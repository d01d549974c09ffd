import type { IbanCheckResponse } from '@bluepeak/core/accounts';
import { normalizeIban } from '@bluepeak/core/accounts';
import { ApiError, apiRequest } from './api-client';

// docs/requirements/validation.md, "IBAN server check": what the form shows for each answer of
// POST /client/iban/{iban}/check. The words themselves are in the locale files.
export type IbanCheckOutcome =
  | { kind: 'valid'; bic: string | null }
  | { kind: 'invalid' }
  | { kind: 'not_sepa'; bic: string | null }
  | { kind: 'system_error' }
  | { kind: 'cancelled' };

type CheckAnswer = Partial<IbanCheckResponse> & { errors?: unknown[] };

/**
 * An answer of the server (2xx) or what it threw, mapped to the three messages of
 * docs/requirements/validation.md.
 */
export function ibanCheckOutcome(result: { answer: CheckAnswer } | { error: unknown }): IbanCheckOutcome {
  if ('error' in result) {
    const { error } = result;
    if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
    // A refused IBAN comes back as 400 or 422 with `errors`: the IBAN is wrong, not the system.
    if (error instanceof ApiError && (error.status === 400 || error.status === 422) && error.body?.errors) {
      return { kind: 'invalid' };
    }
    return { kind: 'system_error' };
  }
  const { answer } = result;
  if (Array.isArray(answer.errors) && answer.errors.length > 0) return { kind: 'invalid' };
  if (!answer.data) return { kind: 'system_error' };
  const bic = answer.data.bank_swift_code ?? null;
  return answer.data.sepa_reachable ? { kind: 'valid', bic } : { kind: 'not_sepa', bic };
}

/** The check's path for an IBAN as typed (spaces and lower case allowed). */
export function ibanCheckPath(iban: string): string {
  return `/client/iban/${encodeURIComponent(normalizeIban(iban))}/check`;
}

/** Asks the server about an IBAN as typed. */
export const checkIban = (iban: string) =>
  apiRequest<IbanCheckResponse>(ibanCheckPath(iban), { method: 'POST' });
