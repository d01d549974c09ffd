import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import { clearFailures, endAllSessions, passwordChangedMessage } from '../auth';
import { enqueueMessage } from '../outbox';
import { setPasswordHash } from './client-credential-rows';

/**
 * A new password ends every session of the client (docs/requirements/onboarding.md),, clears the
 * lockout and any forced change, and tells the owner by e-mail.
 */
export async function setClientPassword(
  tx: Queryable,
  client: { id: string; email: string },
  passwordHash: string,
  change: { now: Date; via: 'restore' | 'password_change'; requestId: string; ip: string },
) {
  await setPasswordHash(tx, client.id, passwordHash, change.now);
  await endAllSessions(tx, { type: 'client', id: client.id }, 'password_changed', change.now);
  await clearFailures(tx, 'client', client.email);
  await enqueueMessage(tx, passwordChangedMessage(client.email));
  await writeAuditEntry(tx, {
    actorType: 'client',
    actorId: client.id,
    action: 'client.password_changed',
    objectType: 'client',
    objectId: client.id,
    requestId: change.requestId,
    ip: change.ip,
    details: { via: change.via },
  });
}
