import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { addSeconds } from '../../lib/clock';
import { type OutgoingMessage, outboxInsertSql } from '../outbox';
import { codeHash, newSecretToken, newSixDigitCode, sameHash, sha256 } from './secret-tokens';
import { MAX_FAILED_ATTEMPTS, RESTORE_LINK_SECONDS } from './session-rules';
import type { SessionPrincipal } from './sessions';

// One-time codes and e-mailed links. A challenge is single use, expires, and dies after five
// wrong codes; only a hash of its secret is stored.
export type ChallengePurpose =
  | 'login'
  | 'email_confirm'
  | 'password_restore'
  | 'phone_verify'
  | 'payment'
  | 'step_up'
  | 'contact_change';
export type ChallengeFactor = 'totp' | 'sms' | 'email' | 'link';

export type ChallengeRow = {
  id: string;
  purpose: ChallengePurpose;
  principal_type: 'client' | 'operator';
  client_id: string | null;
  operator_id: string | null;
  factor: ChallengeFactor;
  secret_hash: Uint8Array | null;
  context: Record<string, unknown>;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
};

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
  // The code's message goes into the outbox in the same statement (see enqueueMessage): one
  // round trip, and the message exists exactly when the challenge does.
  const insert = `INSERT INTO auth_challenges (id, purpose, principal_type, client_id, operator_id, factor,
       secret_hash, context, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)`;
  await tx.query(
    message
      ? `WITH challenge AS (${insert} RETURNING id)
         ${outboxInsertSql('SELECT $11::text, $12::text, $13::text, $14::text FROM challenge')}`
      : insert,
    [
      row.id,
      challenge.purpose,
      challenge.principal.type,
      challenge.principal.type === 'client' ? challenge.principal.id : null,
      challenge.principal.type === 'operator' ? challenge.principal.id : null,
      challenge.factor,
      hashFor(row.id),
      JSON.stringify(challenge.context ?? {}),
      challenge.now,
      addSeconds(challenge.now, challenge.lifetimeSeconds),
      ...(message ? [message.channel, message.to.trim(), message.subject ?? '', message.text] : []),
    ],
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
  const [row] = await tx.query<ChallengeRow>(`SELECT * FROM auth_challenges WHERE id = $1 AND purpose = $2`, [
    id,
    purpose,
  ]);
  return row && isLive(row, now) ? row : null;
}

export async function findLiveLink(tx: Queryable, secret: string, purpose: ChallengePurpose, now: Date) {
  const row = await findLink(tx, secret, purpose);
  return row && isLive(row, now) ? row : null;
}

/** The link with this secret, used or not: a retry of its use is answered from its first answer. */
export async function findLink(tx: Queryable, secret: string, purpose: ChallengePurpose) {
  const [row] = await tx.query<ChallengeRow>(
    `SELECT * FROM auth_challenges WHERE factor = 'link' AND secret_hash = $1 AND purpose = $2`,
    [sha256(secret), purpose],
  );
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
 * The claim as SQL, for a caller that claims inside a statement of its own: `id` and `now` are
 * that statement's placeholders (typed), `when` an extra condition on the claim. It returns the
 * challenge's id when it used the challenge up.
 *
 * The claim checks the wrong-code count again: a code is checked against the challenge as read
 * before, so many guesses sent at once would all pass that read's count; the ones counted while
 * they were checked stop a right guess from claiming, which keeps guesses to about five however
 * they are sent.
 */
export function claimChallengeSql(id: string, now: string, when?: string): string {
  return (
    `UPDATE auth_challenges SET used_at = ${now} WHERE id = ${id} AND used_at IS NULL AND expires_at > ${now}` +
    ` AND attempts < ${MAX_FAILED_ATTEMPTS}${when ? ` AND (${when})` : ''} RETURNING id`
  );
}

/** Uses a challenge up; false when a concurrent request used it first (single use). */
export async function claimChallenge(tx: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await tx.query(claimChallengeSql('$1', '$2'), [id, now]);
  return rows.length === 1;
}

/**
 * Uses up every live challenge of `purpose` the principal holds, before a newer one is issued:
 * only the newest log-in code or restore link works, so an older one lying in a mailbox
 * or an SMS inbox cannot be replayed.
 */
export async function retireLiveChallenges(
  tx: Queryable,
  principal: SessionPrincipal,
  purpose: ChallengePurpose,
  now: Date,
): Promise<void> {
  const column = principal.type === 'client' ? 'client_id' : 'operator_id';
  await tx.query(
    `UPDATE auth_challenges SET used_at = $3
     WHERE ${column} = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [principal.id, purpose, now],
  );
}

/**
 * Uses up every unused challenge of `purpose` a client holds, expired ones too, before a newer
 * one is issued; with `context`, only those whose context's `key` is `value` (the kind of contact
 * change, the object a payment code was for).
 */
export async function useUpClientChallenges(
  tx: Queryable,
  clientId: string,
  purpose: ChallengePurpose,
  now: Date,
  context?: { key: 'kind' | 'object_id'; value: string },
): Promise<void> {
  await tx.query(
    `UPDATE auth_challenges SET used_at = $3 WHERE client_id = $1 AND purpose = $2 AND used_at IS NULL${
      context ? ` AND context->>'${context.key}' = $4` : ''
    }`,
    [clientId, purpose, now, ...(context ? [context.value] : [])],
  );
}

/**
 * A password-restore link for the client `clientId`, returning its secret. For an id with no
 * client the same statement runs and inserts nothing, so the request costs the same either way.
 */
export async function createRestoreLink(tx: Queryable, clientId: string, now: Date): Promise<string> {
  const secret = newSecretToken();
  await tx.query(
    `INSERT INTO auth_challenges (purpose, principal_type, client_id, factor, secret_hash, created_at, expires_at)
     SELECT 'password_restore', 'client', id, 'link', $2, $3, $4 FROM clients WHERE id = $1`,
    [clientId, sha256(secret), now, addSeconds(now, RESTORE_LINK_SECONDS)],
  );
  return secret;
}

/**
 * Uses up one challenge whose object is gone (a payment cancelled or expired unconfirmed, a
 * closing request withdrawn), so its code can no longer be used; one used already keeps its time.
 * `now` defaults to the database's clock.
 */
export async function retireChallenge(tx: Queryable, id: string | null, now?: Date): Promise<void> {
  await tx.query(
    'UPDATE auth_challenges SET used_at = coalesce($2::timestamptz, now()) WHERE id = $1 AND used_at IS NULL',
    [id, now ?? null],
  );
}

export async function countFailedAttempt(db: Queryable, id: string) {
  await db.query('UPDATE auth_challenges SET attempts = attempts + 1 WHERE id = $1', [id]);
}

/**
 * How many challenges of `purpose` a client was given since `since`: a limit per address,
 * which holds however many IP addresses a sender spreads the requests over.
 */
export async function countChallengesSince(
  db: Queryable,
  clientId: string,
  purpose: ChallengePurpose,
  since: Date,
): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM auth_challenges WHERE client_id = $1 AND purpose = $2 AND created_at >= $3',
    [clientId, purpose, since],
  );
  return row?.count ?? 0;
}
