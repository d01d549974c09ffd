import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { type AttachmentStorage, type CheckedFile, loadAttachment, storeAttachments } from '../attachments';
import {
  findFirstTicketMessage,
  findTicketAttachmentClient,
  insertTicketAttachment,
} from './ticket-message-rows';

// Files in a conversation (docs/requirements/tickets.md): either side may attach up to three to a
// message, through the one attachment pipeline. They belong to the ticket's client, so the
// client and the operators who see the ticket may download them, and no one else.
export async function attachToMessage(
  tx: Queryable,
  storage: AttachmentStorage,
  message: { id: string; clientId: string; author: 'client' | 'operator' },
  files: readonly CheckedFile[],
): Promise<void> {
  if (files.length === 0) return;
  const owner = { clientId: message.clientId, purpose: 'ticket' as const, uploadedBy: message.author };
  for (const attachmentId of await storeAttachments(tx, storage, owner, files)) {
    await insertTicketAttachment(tx, message.id, attachmentId);
  }
}

/** The first message of a ticket just opened. */
export async function firstMessageId(tx: Queryable, ticketId: string): Promise<string> {
  const row = await findFirstTicketMessage(tx, ticketId);
  if (!row) throw new Error('a new ticket has no message');
  return row.id;
}

/** One file of one ticket of one client: anything else is a 404. */
export async function loadTicketAttachment(
  db: Queryable,
  storage: AttachmentStorage,
  ids: { ticketId: string; attachmentId: string; clientId?: string | undefined },
) {
  const row = await findTicketAttachmentClient(db, ids);
  const file = row && (await loadAttachment(db, storage, row.client_id, ids.attachmentId));
  if (!file) throw notFound('Attachment');
  return file;
}
