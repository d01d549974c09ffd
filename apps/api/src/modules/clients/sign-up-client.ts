import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { addSeconds } from '../../lib/clock';
import { writeAuditEntry } from '../audit';
import {
  alreadyRegisteredMessage,
  confirmEmailMessage,
  countChallengesSince,
  createLinkChallenge,
  EMAIL_CONFIRM_LINK_SECONDS,
  EMAIL_CONFIRM_LINKS_PER_HOUR,
  hashPassword,
  useUpClientChallenges,
} from '../auth';
import { enqueueMessage } from '../outbox';
import { findClientByEmail, insertClient, type NewClient } from './client-rows';

export type SignUpContext = { publicUrl: string; now: Date; requestId: string; ip: string };

/**
 * Opens a NEW client and e-mails the confirmation link. An address that already has an
 * account gets a note instead, and the caller answers the same either way, so the form
 * cannot be used to find out who is a client.
 */
export async function signUpClient(db: Database, input: NewClient, context: SignUpContext): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await withTransaction(db, async (tx) => {
    const id = await insertClient(tx, input, passwordHash, context.now);
    if (!id) {
      const login = `${context.publicUrl}/#/login`;
      const restore = `${context.publicUrl}/#/restore`;
      await enqueueMessage(tx, alreadyRegisteredMessage(input.email, login, restore));
      return;
    }
    await sendConfirmationLink(tx, { id, email: input.email }, context);
    await writeAuditEntry(tx, {
      actorType: 'anonymous',
      action: 'client.signed_up',
      objectType: 'client',
      objectId: id,
      requestId: context.requestId,
      ip: context.ip,
      details: { type: input.type, country: input.country },
    });
  });
}

export async function sendConfirmationLink(
  tx: Queryable,
  client: { id: string; email: string },
  context: Pick<SignUpContext, 'publicUrl' | 'now'>,
) {
  // Only the newest link works: asking again retires the ones sent before.
  await useUpClientChallenges(tx, client.id, 'email_confirm', context.now);
  const secret = await createLinkChallenge(tx, {
    purpose: 'email_confirm',
    principal: { type: 'client', id: client.id },
    lifetimeSeconds: EMAIL_CONFIRM_LINK_SECONDS,
    now: context.now,
  });
  const link = `${context.publicUrl}/#/confirm/email?hash=${secret}`;
  await enqueueMessage(tx, confirmEmailMessage(client.email, link));
}

/**
 * Sends the link again to an address that has an unconfirmed account. Over the per-address
 * limit nothing is sent; the caller answers the same either way, so it tells nobody whether
 * the address has an account. Returns the client held back by the limit, for the log.
 */
export async function resendConfirmationLink(
  db: Database,
  email: string,
  context: Pick<SignUpContext, 'publicUrl' | 'now'>,
): Promise<{ limitedClientId?: string }> {
  const client = await findClientByEmail(db, email);
  if (!client || client.email_confirmed_at) return {};
  const lastHour = await countChallengesSince(db, client.id, 'email_confirm', addSeconds(context.now, -3600));
  if (lastHour >= EMAIL_CONFIRM_LINKS_PER_HOUR) return { limitedClientId: client.id };
  await withTransaction(db, (tx) => sendConfirmationLink(tx, client, context));
  return {};
}
