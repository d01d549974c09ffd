import type { Queryable } from '../../db/database';

// Writes and reads of a ticket's messages and the files attached to them.

export async function insertTicketMessage(
  tx: Queryable,
  ticketId: string,
  message: { author: 'client' | 'operator'; operatorId: string | null; body: string; now: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO support_ticket_messages (ticket_id, author, operator_id, body, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [ticketId, message.author, message.operatorId, message.body, message.now],
  );
  if (!row) throw new Error('ticket message insert returned no row');
  return row.id;
}

export async function findFirstTicketMessage(tx: Queryable, ticketId: string) {
  const [row] = await tx.query<{ id: string }>(
    'SELECT id FROM support_ticket_messages WHERE ticket_id = $1 ORDER BY created_at, id LIMIT 1',
    [ticketId],
  );
  return row;
}

export async function insertTicketAttachment(tx: Queryable, messageId: string, attachmentId: string) {
  await tx.query('INSERT INTO support_ticket_attachments (message_id, attachment_id) VALUES ($1, $2)', [
    messageId,
    attachmentId,
  ]);
}

/** The client of the ticket that holds the file; none when the file is not in that ticket (or the client's). */
export async function findTicketAttachmentClient(
  db: Queryable,
  ids: { ticketId: string; attachmentId: string; clientId?: string | undefined },
) {
  const [row] = await db.query<{ client_id: string }>(
    `SELECT t.client_id FROM support_ticket_attachments a
       JOIN support_ticket_messages m ON m.id = a.message_id JOIN support_tickets t ON t.id = m.ticket_id
     WHERE a.attachment_id = $1 AND t.id = $2 AND ($3::uuid IS NULL OR t.client_id = $3::uuid)`,
    [ids.attachmentId, ids.ticketId, ids.clientId ?? null],
  );
  return row;
}
