import type { OutboxMessage } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { listOutboxMessages } from './outbox-message-rows';

export type OutboxEntry = OutboxMessage;

/** Newest first, for the demo mailbox (docs/requirements/api-contract.md: GET /api/dev/outbox). */
export async function listOutbox(
  db: Queryable,
  options: { to?: string; limit: number },
): Promise<OutboxEntry[]> {
  const rows = await listOutboxMessages(db, options.to ?? null, options.limit);
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
