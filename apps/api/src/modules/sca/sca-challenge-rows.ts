import type { Queryable } from '../../db/database';
import { type ChallengeRow, claimChallengeSql, findClientChallenge } from '../auth';
import type { ScaSubject } from './issue-sca-challenge';

// The reads of auth_challenges that strong customer authentication makes (the codes bound to an
// object, purpose 'payment'), and the fragments another module's statement embeds.

/** The challenge issued for this object, whatever its state (for the answer's `sca` field). */
export async function findChallengeFor(db: Queryable, clientId: string, challengeId: string | null) {
  if (!challengeId) return undefined;
  return findClientChallenge(db, clientId, challengeId, 'payment');
}

/** The newest code issued to the client for the object (of `kind`), used or not: null for none. */
export async function latestChallengeFor(
  db: Queryable,
  clientId: string,
  object: Pick<ScaSubject, 'kind' | 'objectId'>,
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM auth_challenges WHERE client_id = $1 AND purpose = 'payment'
       AND context->>'kind' = $2 AND context->>'object_id' = $3
     ORDER BY created_at DESC LIMIT 1`,
    [clientId, object.kind, object.objectId],
  );
  return row?.id ?? null;
}

/**
 * `findChallengeFor` as a column of another module's read of the object, saving a round trip:
 * the challenge that `challengeIdSql` names, for the client `clientIdSql`, as JSON (null when
 * there is none). `challengeFromJson` turns it back into the row, for `verifyScaCode`'s `read`.
 */
export function challengeJsonSql(challengeIdSql: string, clientIdSql: string): string {
  return `(SELECT json_build_object('id', c.id, 'purpose', c.purpose, 'principal_type', c.principal_type,
      'client_id', c.client_id, 'operator_id', c.operator_id, 'factor', c.factor,
      'secret_hash', encode(c.secret_hash, 'hex'), 'context', c.context, 'attempts', c.attempts,
      'expires_at', c.expires_at, 'used_at', c.used_at)
    FROM auth_challenges c WHERE c.id = ${challengeIdSql} AND c.client_id = ${clientIdSql} AND c.purpose = 'payment')`;
}

export type ChallengeJson = Omit<ChallengeRow, 'secret_hash' | 'expires_at' | 'used_at'> & {
  secret_hash: string | null;
  expires_at: string;
  used_at: string | null;
};

export function challengeFromJson(json: ChallengeJson | null): ChallengeRow | null {
  if (!json) return null;
  return {
    ...json,
    secret_hash: json.secret_hash === null ? null : Buffer.from(json.secret_hash, 'hex'),
    expires_at: new Date(json.expires_at),
    used_at: json.used_at === null ? null : new Date(json.used_at),
  };
}

/**
 * `claimScaChallenge` in a caller's own statement, which saves a round trip: the SQL (a
 * data-modifying CTE, whose placeholders `challenge` and `now` the caller binds to
 * `verified.challengeId` and the time; `when`, an extra condition) and then `finishScaClaim`
 * with whether it returned a row. A refused claim must roll the caller's transaction back.
 */
export function scaClaimSql(placeholders: { challenge: string; now: string; when?: string }): string {
  return claimChallengeSql(placeholders.challenge, placeholders.now, placeholders.when);
}
