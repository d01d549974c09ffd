import type { Queryable } from '../../db/database';
import { type OutgoingMessage, outboxInsertSql } from '../outbox';
import type { SessionPrincipal } from './session-rows';
import { MAX_FAILED_ATTEMPTS } from './session-rules';

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

/** A new challenge's row and, with `message`, the message that carries its code. */
export async function insertChallengeRow(
  tx: Queryable,
  challenge: {
    id: string;
    purpose: ChallengePurpose;
    principal: SessionPrincipal;
    factor: ChallengeFactor;
    secretHash: Buffer | null;
    context: Record<string, unknown> | undefined;
    createdAt: Date;
    expiresAt: Date;
  },
  message?: OutgoingMessage,
): Promise<void> {
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
      challenge.id,
      challenge.purpose,
      challenge.principal.type,
      challenge.principal.type === 'client' ? challenge.principal.id : null,
      challenge.principal.type === 'operator' ? challenge.principal.id : null,
      challenge.factor,
      challenge.secretHash,
      JSON.stringify(challenge.context ?? {}),
      challenge.createdAt,
      challenge.expiresAt,
      ...(message ? [message.channel, message.to.trim(), message.subject ?? '', message.text] : []),
    ],
  );
}

/** The challenge of this id and purpose, whatever its state. */
export async function findChallenge(
  tx: Queryable,
  id: string,
  purpose: ChallengePurpose,
): Promise<ChallengeRow | undefined> {
  const [row] = await tx.query<ChallengeRow>(`SELECT * FROM auth_challenges WHERE id = $1 AND purpose = $2`, [
    id,
    purpose,
  ]);
  return row;
}

/** The link challenge of this secret's hash and purpose, whatever its state. */
export async function findLinkChallenge(
  tx: Queryable,
  secretHash: Buffer,
  purpose: ChallengePurpose,
): Promise<ChallengeRow | undefined> {
  const [row] = await tx.query<ChallengeRow>(
    `SELECT * FROM auth_challenges WHERE factor = 'link' AND secret_hash = $1 AND purpose = $2`,
    [secretHash, purpose],
  );
  return row;
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
 * A password-restore link of this secret's hash for the client `clientId`. For an id with no
 * client the same statement runs and inserts nothing.
 */
export async function insertRestoreLink(
  tx: Queryable,
  clientId: string,
  secretHash: Buffer,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth_challenges (purpose, principal_type, client_id, factor, secret_hash, created_at, expires_at)
     SELECT 'password_restore', 'client', id, 'link', $2, $3, $4 FROM clients WHERE id = $1`,
    [clientId, secretHash, now, expiresAt],
  );
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

/** One challenge of the client's, by id and purpose: another client's, or another purpose's, is as unknown as none. */
export async function findClientChallenge(
  db: Queryable,
  clientId: string,
  challengeId: string,
  purpose: ChallengePurpose,
): Promise<ChallengeRow | undefined> {
  const [row] = await db.query<ChallengeRow>(
    'SELECT * FROM auth_challenges WHERE id = $1 AND client_id = $2 AND purpose = $3',
    [challengeId, clientId, purpose],
  );
  return row;
}
