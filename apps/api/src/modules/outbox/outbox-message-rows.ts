import type { OutboxMessage } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// The outbox_messages table: e-mails and SMS queued in the transaction that caused them, and
// their delivery state.

/** A due message as the delivery worker claims it. */
export type ClaimedMessage = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body_text: string;
  attempts: number;
};

export async function insertOutboxMessage(
  tx: Queryable,
  message: { channel: 'email' | 'sms'; recipient: string; subject: string; bodyText: string },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO outbox_messages (channel, recipient, subject, body_text)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [message.channel, message.recipient, message.subject, message.bodyText],
  );
  return row;
}

/**
 * The INSERT of outbox messages for a caller that queues them inside a statement of its own (a
 * CTE, or a condition that must cost the same statement either way): `rows` (a SELECT) yields,
 * in order, channel, recipient (trimmed), subject ('' for none) and body_text.
 */
export function outboxInsertSql(rows: string): string {
  return `INSERT INTO outbox_messages (channel, recipient, subject, body_text) ${rows}`;
}

/** Up to `limit` pending messages of `channels` due by `now`, oldest due first, locked (SKIP LOCKED). */
export function claimDueOutboxMessages(
  tx: Queryable,
  channels: readonly ('email' | 'sms')[],
  now: Date,
  limit: number,
): Promise<ClaimedMessage[]> {
  return tx.query<ClaimedMessage>(
    `SELECT id, channel, recipient, subject, body_text, attempts FROM outbox_messages
        WHERE status = 'pending' AND channel = ANY($1::text[]) AND next_attempt_at <= $2
        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [channels, now, limit],
  );
}

export async function setOutboxMessageSent(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE outbox_messages SET status = 'sent', sent_at = $2, attempts = attempts + 1 WHERE id = $1`,
    [id, now],
  );
}

/** Records a failed attempt: the message is tried again at `nextAttempt`, or fails for good at `maxAttempts`. */
export async function setOutboxMessageFailure(
  tx: Queryable,
  failure: { id: string; attempts: number; lastError: string; nextAttempt: Date; maxAttempts: number },
): Promise<void> {
  await tx.query(
    `UPDATE outbox_messages SET attempts = $2::int, last_error = $3::text, next_attempt_at = $4::timestamptz,
            status = CASE WHEN $2::int >= $5::int THEN 'failed' ELSE 'pending' END
      WHERE id = $1::uuid`,
    [failure.id, failure.attempts, failure.lastError, failure.nextAttempt, failure.maxAttempts],
  );
}

/** Newest first, of one recipient (any case) or of all when `to` is null. */
export function listOutboxMessages(
  db: Queryable,
  to: string | null,
  limit: number,
): Promise<(Omit<OutboxMessage, 'created_at'> & { created_at: Date })[]> {
  return db.query<Omit<OutboxMessage, 'created_at'> & { created_at: Date }>(
    `SELECT id, channel, recipient AS "to", subject, body_text AS text, status, created_at
       FROM outbox_messages
      WHERE ($1::text IS NULL OR lower(recipient) = lower($1))
      ORDER BY created_at DESC, id DESC
      LIMIT $2`,
    [to, limit],
  );
}
