import type { Queryable } from '../../db/database';
import { type ChallengeRow, MAX_FAILED_ATTEMPTS } from '../auth';
import { type OutgoingMessage, outboxInsertSql } from '../outbox';

// The auth module's challenges (codes and links) as this module's flows read them: the phone's
// newest code and the code that verified it; and the restore e-mail, queued in a statement that
// costs the same whether or not it is sent.

/** The newest live code sent to the client's current number that still has attempts left. */
export async function latestPhoneChallenge(
  db: Queryable,
  client: { id: string; phone: string },
  now: Date,
): Promise<ChallengeRow | undefined> {
  const [row] = await db.query<ChallengeRow>(
    `SELECT * FROM auth_challenges WHERE client_id = $1 AND purpose = 'phone_verify' AND used_at IS NULL
       AND expires_at > $2 AND attempts < $3 AND context->>'phone' = $4
     ORDER BY created_at DESC LIMIT 1`,
    [client.id, now, MAX_FAILED_ATTEMPTS, client.phone],
  );
  return row;
}

/** The challenge whose code verified the phone (used up at the same instant), if it is verified. */
export async function phoneVerifiedBy(db: Queryable, clientId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `SELECT ac.id FROM auth_challenges ac JOIN clients c ON c.id = ac.client_id
     WHERE ac.client_id = $1 AND ac.purpose = 'phone_verify' AND ac.used_at = c.phone_verified_at
     ORDER BY ac.created_at DESC LIMIT 1`,
    [clientId],
  );
  return row?.id;
}

/**
 * Queues the restore e-mail when `send`, and runs the very same statement when not (it then
 * inserts nothing), so the work done does not tell whether the address has an account.
 */
export async function enqueueRestoreMessage(tx: Queryable, message: OutgoingMessage, send: boolean) {
  await tx.query(outboxInsertSql('SELECT $1, $2, $3, $4 WHERE $5::boolean'), [
    message.channel,
    message.to.trim(),
    message.subject ?? '',
    message.text,
    send,
  ]);
}
