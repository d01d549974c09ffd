import type { OutboxMessage } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

export type OutboxEntry = OutboxMessage;

/** Newest first, for the demo mailbox (docs/requirements/api-contract.md: GET /api/dev/outbox). */
export async function listOutbox(
  db: Queryable,
  options: { to?: string; limit: number },
): Promise<OutboxEntry[]> {
  const rows = await db.query<Omit<OutboxEntry, 'created_at'> & { created_at: Date }>(
    `SELECT id, channel, recipient AS "to", subject, body_text AS text, status, created_at
       FROM outbox_messages
      WHERE ($1::text IS NULL OR lower(recipient) = lower($1))
      ORDER BY created_at DESC, id DESC
      LIMIT $2`,
    [options.to ?? null, options.limit],
  );
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
