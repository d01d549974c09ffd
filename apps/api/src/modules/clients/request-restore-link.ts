import type { Queryable } from '../../db/database';
import { createRestoreLink, restorePasswordMessage, retireLiveChallenges } from '../auth';
import { enqueueRestoreMessage } from './client-challenge-rows';
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
  await retireLiveChallenges(tx, { type: 'client', id: clientId }, 'password_restore', now);
  const secret = await createRestoreLink(tx, clientId, now);
  const message = restorePasswordMessage(known ? client.email : email, linkFor(secret));
  await enqueueRestoreMessage(tx, message, known);
}
