import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { claimChallenge, findLiveLink } from '../auth';
import { confirmClientEmailOnce } from './client-credential-rows';
import { findClientById } from './client-rows';
import { setClientPassword } from './set-client-password';

const invalidLink = () =>
  new AppError('link_invalid', 'This link is not valid', {
    detail: 'The link is used, expired or mistyped. Ask for a new one on the password restore page.',
  });

/** Sets the password from a live restore link (the link is used up); refuses any other link. */
export async function restorePassword(
  tx: Queryable,
  hash: string,
  passwordHash: string,
  change: { now: Date; requestId: string; ip: string },
): Promise<void> {
  const { now } = change;
  const link = await findLiveLink(tx, hash, 'password_restore', now);
  const client = link?.client_id ? await findClientById(tx, link.client_id) : undefined;
  if (!link || !client || !(await claimChallenge(tx, link.id, now))) throw invalidLink();
  // A restore link also proves the mailbox, so it confirms the address as well.
  await confirmClientEmailOnce(tx, client.id, now);
  await setClientPassword(tx, client, passwordHash, { ...change, via: 'restore' });
}
