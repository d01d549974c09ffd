import type { Queryable } from '../../db/database';

/** Forgets expired solved challenges: the expiry they were signed with refuses them anyway. */
export async function deleteExpiredAltchaChallenges(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM altcha_used_challenges WHERE expires_at < $1', [now]);
}

/** Records a solved challenge's nonce; false when it was recorded before (a replay). */
export async function recordAltchaChallenge(db: Queryable, nonce: string, expiresAt: Date): Promise<boolean> {
  const recorded = await db.query(
    `INSERT INTO altcha_used_challenges (nonce, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce`,
    [nonce, expiresAt],
  );
  return recorded.length === 1;
}
