import type { Queryable } from '../../db/database';
import { addSeconds } from '../../lib/clock';
import { newSecretToken, RESTORE_LINK_SECONDS, restorePasswordMessage, sha256 } from '../auth';
import { findClientByEmail } from './client-rows';

// /restore answers the same for every address, so it must also take the same time: a known
// address and an unknown one run the very same statements (the inserts simply find no client
// row for an unknown one), so neither the answer nor its timing tells whether an account
// exists. A new link retires the older ones, so only the newest works.
const NO_CLIENT = '00000000-0000-0000-0000-000000000000';

export async function requestRestoreLink(
  tx: Queryable,
  email: string,
  now: Date,
  linkFor: (secret: string) => string,
): Promise<void> {
  const client = await findClientByEmail(tx, email);
  const known = client !== undefined && client.status !== 'DEACTIVATED';
  const clientId = known ? client.id : NO_CLIENT;
  await tx.query(
    `UPDATE auth_challenges SET used_at = $2
     WHERE client_id = $1 AND purpose = 'password_restore' AND used_at IS NULL AND expires_at > $2`,
    [clientId, now],
  );
  const secret = newSecretToken();
  await tx.query(
    `INSERT INTO auth_challenges (purpose, principal_type, client_id, factor, secret_hash, created_at, expires_at)
     SELECT 'password_restore', 'client', id, 'link', $2, $3, $4 FROM clients WHERE id = $1`,
    [clientId, sha256(secret), now, addSeconds(now, RESTORE_LINK_SECONDS)],
  );
  const message = restorePasswordMessage(known ? client.email : email, linkFor(secret));
  await tx.query(
    `INSERT INTO outbox_messages (channel, recipient, subject, body_text)
     SELECT $1, $2, $3, $4 WHERE $5::boolean`,
    [message.channel, message.to.trim(), message.subject ?? '', message.text, known],
  );
}
