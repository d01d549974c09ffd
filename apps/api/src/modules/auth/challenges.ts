import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { addSeconds } from '../../lib/clock';
import type { OutgoingMessage } from '../outbox';
import {
  type ChallengeFactor,
  type ChallengePurpose,
  type ChallengeRow,
  findChallenge,
  findLinkChallenge,
  insertChallengeRow,
  insertRestoreLink,
} from './challenge-rows';
import { codeHash, newSecretToken, newSixDigitCode, sameHash, sha256 } from './secret-tokens';
import type { SessionPrincipal } from './session-rows';
import { MAX_FAILED_ATTEMPTS, RESTORE_LINK_SECONDS } from './session-rules';

// One-time codes and e-mailed links. A challenge is single use, expires, and dies after five
// wrong codes; only a hash of its secret is stored.
type NewChallenge = {
  purpose: ChallengePurpose;
  principal: SessionPrincipal;
  factor: ChallengeFactor;
  lifetimeSeconds: number;
  now: Date;
  context?: Record<string, unknown>;
};

async function insertChallenge(
  tx: Queryable,
  challenge: NewChallenge,
  hashFor: (id: string) => Buffer | null,
  message?: OutgoingMessage,
) {
  // The id is made here, not asked of the database: the code's hash is bound to it before the
  // insert, and a round trip for a random number was a statement of its own.
  const row = { id: randomUUID() };
  await insertChallengeRow(
    tx,
    {
      id: row.id,
      purpose: challenge.purpose,
      principal: challenge.principal,
      factor: challenge.factor,
      secretHash: hashFor(row.id),
      context: challenge.context,
      createdAt: challenge.now,
      expiresAt: addSeconds(challenge.now, challenge.lifetimeSeconds),
    },
    message,
  );
  return row.id;
}

/** A code challenge; for `totp` no code is made (the app has it), otherwise a six-digit code. */
export async function createCodeChallenge(
  tx: Queryable,
  challenge: NewChallenge,
  /** The message that carries the code, queued in the same statement (not for `totp`). */
  messageFor?: (code: string) => OutgoingMessage,
): Promise<{ id: string; code: string | null }> {
  const code = challenge.factor === 'totp' ? null : newSixDigitCode();
  const message = code !== null && messageFor ? messageFor(code) : undefined;
  const id = await insertChallenge(
    tx,
    challenge,
    (newId) => (code === null ? null : codeHash(newId, code)),
    message,
  );
  return { id, code };
}

/** A link secret for an e-mail (`#/confirm/email?hash=…`, `#/restore/{hash}`). */
export async function createLinkChallenge(tx: Queryable, challenge: Omit<NewChallenge, 'factor'>) {
  const secret = newSecretToken();
  await insertChallenge(tx, { ...challenge, factor: 'link' }, () => sha256(secret));
  return secret;
}

/** A live (unused, unexpired, not exhausted) challenge. */
export async function findLiveChallenge(
  tx: Queryable,
  id: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeRow | null> {
  const row = await findChallenge(tx, id, purpose);
  return row && isLive(row, now) ? row : null;
}

export async function findLiveLink(tx: Queryable, secret: string, purpose: ChallengePurpose, now: Date) {
  const row = await findLink(tx, secret, purpose);
  return row && isLive(row, now) ? row : null;
}

/** The link with this secret, used or not: a retry of its use is answered from its first answer. */
export async function findLink(tx: Queryable, secret: string, purpose: ChallengePurpose) {
  const row = await findLinkChallenge(tx, sha256(secret), purpose);
  return row ?? null;
}

function isLive(row: ChallengeRow, now: Date): boolean {
  return row.used_at === null && row.expires_at > now && row.attempts < MAX_FAILED_ATTEMPTS;
}

export function codeMatches(row: ChallengeRow, code: string): boolean {
  if (!row.secret_hash) return false;
  return sameHash(Buffer.from(row.secret_hash), codeHash(row.id, code));
}

/**
 * A password-restore link for the client `clientId`, returning its secret. For an id with no
 * client the same statement runs and inserts nothing, so the request costs the same either way.
 */
export async function createRestoreLink(tx: Queryable, clientId: string, now: Date): Promise<string> {
  const secret = newSecretToken();
  await insertRestoreLink(tx, clientId, sha256(secret), now, addSeconds(now, RESTORE_LINK_SECONDS));
  return secret;
}
