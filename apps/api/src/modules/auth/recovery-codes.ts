import { randomInt } from 'node:crypto';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodeRows,
  findUnusedRecoveryCode,
  markRecoveryCodeUsed,
  replaceRecoveryCodeRows,
} from './recovery-code-rows';
import { codeHash } from './secret-tokens';
import type { SessionPrincipal } from './session-rows';

// Recovery codes for an authenticator app (docs/security-settings.md, "Recovery codes"). Each is
// drawn uniformly from core's alphabet (randomInt has no modulo bias) and kept only as a hash
// bound to its owner, as a challenge's code is bound to its challenge: equal codes of two owners
// hash differently, so a copy of the table gives a code only to a search of 2^50 hashes for each
// owner, and the password is still needed besides.

/** The hash a code (normalised, as core's recoveryCodeSchema reads it) is stored and found by. */
export function recoveryCodeHash(principal: SessionPrincipal, code: string): Buffer {
  return codeHash(`recovery:${principal.type}:${principal.id}`, code);
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index++)
    code += RECOVERY_CODE_ALPHABET[randomInt(0, RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/**
 * A new set of codes in place of every earlier one; answers them as shown (ABCDE-FGHJK), the only
 * time they exist in the clear.
 */
export async function issueRecoveryCodes(
  tx: Queryable,
  principal: SessionPrincipal,
  now: Date,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  const plain = [...codes];
  await replaceRecoveryCodeRows(
    tx,
    principal,
    plain.map((code) => recoveryCodeHash(principal, code)),
    now,
  );
  return plain.map(formatRecoveryCode);
}

/** The authenticator is gone: so are its codes. */
export async function deleteRecoveryCodes(tx: Queryable, principal: SessionPrincipal): Promise<void> {
  await deleteRecoveryCodeRows(tx, principal);
}

export async function recoveryCodesLeft(db: Queryable, principal: SessionPrincipal): Promise<number> {
  return countUnusedRecoveryCodes(db, principal);
}

/** The id of the unused code the principal gave, checked before the log-in's transaction. */
export async function findRecoveryCode(
  db: Queryable,
  principal: SessionPrincipal,
  code: string,
): Promise<string | undefined> {
  return findUnusedRecoveryCode(db, principal, recoveryCodeHash(principal, code));
}

/** Uses the code up in the log-in's transaction: null when another log-in used it meanwhile. */
export async function useRecoveryCode(
  tx: Queryable,
  principal: SessionPrincipal,
  id: string,
  now: Date,
): Promise<{ remaining: number } | null> {
  const remaining = await markRecoveryCodeUsed(tx, principal, id, now);
  return remaining === null ? null : { remaining };
}
