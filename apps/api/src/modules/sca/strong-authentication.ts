import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import {
  type ChallengeRow,
  claimChallenge,
  codeMatches,
  countFailedAttempt,
  MAX_FAILED_ATTEMPTS,
  recordTotpStep,
  verifyTotp,
} from '../auth';
import type { ScaChallenge, ScaClient, ScaSubject } from './issue-sca-challenge';
import { findChallengeFor } from './sca-challenge-rows';

// Strong customer authentication for an action (a payment, a new or changed recipient): a
// one-time code by the client's second factor, bound to what is being authorised (PSD2 RTS
// art. 5, dynamic linking). The challenge stores the SHA-256 of the binding (amount, currency
// and payee for a payment; the details for a recipient): confirming checks the object's
// binding now against the one the code was issued for, so a changed amount or payee makes the
// code useless. A code works once, for 5 minutes, and five wrong codes kill it (art. 4).
export const SCA_CODE_INVALID_MESSAGE = 'The code is not correct, has expired or was used already';

export function bindingHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** JSON with sorted keys, so the same object always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const refused = () =>
  new AppError('sca_code_invalid', SCA_CODE_INVALID_MESSAGE, { detail: SCA_CODE_INVALID_MESSAGE });
const blocked = () =>
  new AppError('sca_code_blocked', 'Too many wrong codes. Ask for a new code.', {
    detail: 'Too many wrong codes. Ask for a new code.',
  });

export function liveChallengeView(row: ChallengeRow | undefined, now: Date): ScaChallenge | null {
  if (!row || row.used_at || row.expires_at <= now || row.attempts >= MAX_FAILED_ATTEMPTS) return null;
  return {
    challenge_id: row.id,
    factor: row.factor as ScaChallenge['factor'],
    expires_at: row.expires_at.toISOString(),
  };
}

export type VerifiedSca = { challengeId: string; clientId: string; totpStep: number | null };

/**
 * Checks `code` against the object's current challenge, outside any transaction: a wrong code
 * counts an attempt that sticks whatever happens next, and the fifth kills the challenge (423
 * from then on). The caller then claims the challenge inside its own transaction
 * (`claimScaChallenge`), so a code is used exactly once even when two confirmations race.
 */
export async function verifyScaCode(
  db: Queryable,
  input: {
    client: ScaClient;
    challengeId: string | null;
    subject: ScaSubject;
    code: string;
    now: Date;
    totpBox: SecretBox;
    /** The challenge as the caller already read it (`challengeJsonSql`), if it did: null for none. */
    read?: ChallengeRow | null;
  },
): Promise<VerifiedSca> {
  if (input.read && input.read.id !== input.challengeId)
    throw new Error(`challenge ${input.read.id} was read for ${input.challengeId}`);
  const row =
    input.read !== undefined
      ? (input.read ?? undefined)
      : await findChallengeFor(db, input.client.id, input.challengeId);
  if (!row || row.used_at || row.expires_at <= input.now) throw refused();
  if (row.attempts >= MAX_FAILED_ATTEMPTS) throw blocked();
  const context = row.context as { kind?: string; object_id?: string; binding?: string };
  const bound =
    context.kind === input.subject.kind &&
    context.object_id === input.subject.objectId &&
    context.binding === input.subject.binding;
  const totpStep = row.factor === 'totp' ? checkTotp(input, input.code) : null;
  const correct = row.factor === 'totp' ? totpStep !== null : codeMatches(row, input.code);
  if (!bound || !correct) {
    await countFailedAttempt(db, row.id);
    if (row.attempts + 1 >= MAX_FAILED_ATTEMPTS) throw blocked();
    throw refused();
  }
  return { challengeId: row.id, clientId: input.client.id, totpStep };
}

export async function claimScaChallenge(tx: Queryable, verified: VerifiedSca, now: Date): Promise<void> {
  await finishScaClaim(tx, verified, await claimChallenge(tx, verified.challengeId, now));
}

export async function finishScaClaim(tx: Queryable, verified: VerifiedSca, claimed: boolean): Promise<void> {
  if (!claimed) throw refused();
  // A code another request used meanwhile refuses, and the caller's rollback undoes the claim.
  if (
    verified.totpStep !== null &&
    !(await recordTotpStep(tx, 'client', verified.clientId, verified.totpStep))
  )
    throw refused();
}

function checkTotp(input: { client: ScaClient; now: Date; totpBox: SecretBox }, code: string): number | null {
  const sealed = input.client.totp_confirmed_at ? input.client.totp_secret_encrypted : null;
  if (!sealed) return null;
  return verifyTotp(input.totpBox.open(sealed), code, input.now, input.client.totp_last_counter);
}
