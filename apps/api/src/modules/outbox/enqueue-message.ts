import type { Queryable } from '../../db/database';
import { insertOutboxMessage } from './outbox-message-rows';

export type OutboxChannel = 'email' | 'sms';
export type OutgoingMessage = { channel: OutboxChannel; to: string; subject?: string; text: string };

/**
 * Queues an e-mail or SMS inside the caller's transaction, so the message exists exactly when
 * the change that caused it commits (transactional outbox). Delivery happens later.
 */
export async function enqueueMessage(tx: Queryable, message: OutgoingMessage): Promise<string> {
  const row = await insertOutboxMessage(tx, {
    channel: message.channel,
    recipient: message.to.trim(),
    subject: message.subject ?? '',
    bodyText: message.text,
  });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}
