import type { Queryable } from '../../db/database';

export type OutboxChannel = 'email' | 'sms';
export type OutgoingMessage = { channel: OutboxChannel; to: string; subject?: string; text: string };

/**
 * Queues an e-mail or SMS inside the caller's transaction, so the message exists exactly when
 * the change that caused it commits (transactional outbox). Delivery happens later.
 */
export async function enqueueMessage(tx: Queryable, message: OutgoingMessage): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO outbox_messages (channel, recipient, subject, body_text)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [message.channel, message.to.trim(), message.subject ?? '', message.text],
  );
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/**
 * The INSERT of outbox messages for a caller that queues them inside a statement of its own (a
 * CTE, or a condition that must cost the same statement either way): `rows` (a SELECT) yields,
 * in order, channel, recipient (trimmed), subject ('' for none) and body_text.
 */
export function outboxInsertSql(rows: string): string {
  return `INSERT INTO outbox_messages (channel, recipient, subject, body_text) ${rows}`;
}
