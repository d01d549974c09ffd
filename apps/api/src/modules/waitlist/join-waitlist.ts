import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import { enqueueMessage, unsubscribeLink } from '../outbox';
import { insertCardWaitlistEntry } from './card-waitlist-rows';

/**
 * Puts the address on the card waiting list and thanks it by e-mail. An address already on the
 * list changes nothing and gets no second e-mail.
 */
export async function joinCardWaitlist(
  tx: Queryable,
  entry: { email: string; locale: string },
  context: { requestId: string; ip: string; publicUrl: string; linkKey: Buffer },
): Promise<void> {
  const { email, locale } = entry;
  const row = await insertCardWaitlistEntry(tx, email, locale);
  if (!row) return;
  await writeAuditEntry(tx, {
    actorType: 'anonymous',
    action: 'card_waitlist.joined',
    objectType: 'card_waitlist',
    objectId: row.id,
    requestId: context.requestId,
    ip: context.ip,
  });
  await enqueueMessage(tx, {
    channel: 'email',
    to: email,
    subject: 'You are on the Bluepeak card waiting list',
    text:
      'Thank you for your interest. We will write to you once when the Bluepeak card is available.\n\n' +
      `To get no more e-mail from us: ${unsubscribeLink(context.publicUrl, context.linkKey, email)}`,
  });
}
