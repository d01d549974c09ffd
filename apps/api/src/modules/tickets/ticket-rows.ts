import type {
  BackofficeTicket,
  BackofficeTicketSummary,
  Ticket,
  TicketMessage,
  TicketStatus,
  TicketSummary,
} from '@bluepeak/core/tickets';
import type { Queryable } from '../../db/database';
import type { ClientRecordParts } from '../clients';

// Reads of support tickets. The client's reads always carry its id in the WHERE clause, so a
// ticket of another client is not found, exactly like one that does not exist.
type TicketRow = {
  id: string;
  client_id: string;
  client_name: string;
  client_email: string;
  subject: string;
  status: TicketStatus;
  message_count: number;
  last_message_at: Date | string;
  last_answer_at: Date | string | null;
  client_read_at: Date | string | null;
  created_at: Date | string;
};
type MessageRow = {
  id: string;
  author: 'client' | 'operator';
  operator_name: string | null;
  body: string;
  created_at: Date | string;
  attachments: TicketMessage['attachments'];
};

const iso = (value: Date | string) => new Date(value).toISOString();

const SELECT_TICKETS = `
  SELECT t.id, t.client_id, t.subject, t.status, t.message_count, t.last_message_at, t.last_answer_at,
    t.client_read_at, t.created_at, c.email AS client_email,
    CASE WHEN c.type = 'PRIVATE' THEN trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))
      ELSE coalesce(c.company_name, '') END AS client_name
  FROM support_tickets t JOIN clients c ON c.id = t.client_id`;

/** An answer newer than the client's last look (or one it never looked at). */
export function isUnread(row: Pick<TicketRow, 'last_answer_at' | 'client_read_at'>): boolean {
  if (row.last_answer_at === null) return false;
  return row.client_read_at === null || new Date(row.last_answer_at) > new Date(row.client_read_at);
}

function summaryOf(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    unread: isUnread(row),
    message_count: row.message_count,
    created_at: iso(row.created_at),
    last_message_at: iso(row.last_message_at),
  };
}

function backofficeSummaryOf(row: TicketRow): BackofficeTicketSummary {
  const { unread: _unread, ...summary } = summaryOf(row);
  return {
    ...summary,
    client_id: row.client_id,
    client_name: row.client_name,
    client_email: row.client_email,
  };
}

export async function findTicketRow(
  db: Queryable,
  ticketId: string,
  options: { clientId?: string; lock?: boolean } = {},
): Promise<TicketRow | undefined> {
  const [row] = await db.query<TicketRow>(
    `${SELECT_TICKETS} WHERE t.id = $1 AND ($2::uuid IS NULL OR t.client_id = $2)${options.lock ? ' FOR UPDATE OF t' : ''}`,
    [ticketId, options.clientId ?? null],
  );
  return row;
}

async function messagesOf(db: Queryable, ticketId: string): Promise<TicketMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT m.id, m.author, o.name AS operator_name, m.body, m.created_at,
       coalesce((SELECT json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'mime', f.mime,
                   'size', f.size_bytes) ORDER BY f.created_at, f.id)
                 FROM support_ticket_attachments a JOIN attachments f ON f.id = a.attachment_id
                 WHERE a.message_id = m.id), '[]'::json) AS attachments
     FROM support_ticket_messages m LEFT JOIN operators o ON o.id = m.operator_id
     WHERE m.ticket_id = $1 ORDER BY m.created_at, m.id`,
    [ticketId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}

export async function clientTicket(db: Queryable, row: TicketRow): Promise<Ticket> {
  return { ...summaryOf(row), messages: { data: await messagesOf(db, row.id) } };
}

export async function backofficeTicket(db: Queryable, row: TicketRow): Promise<BackofficeTicket> {
  return { ...backofficeSummaryOf(row), messages: { data: await messagesOf(db, row.id) } };
}

type Page = { page: number; limit: number; status?: TicketStatus | undefined };

async function pageOf(db: Queryable, where: string, params: unknown[], page: Page) {
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM support_tickets t WHERE ${where}`,
    params,
  );
  const total = count?.total ?? 0;
  const rows = await db.query<TicketRow>(
    `${SELECT_TICKETS} WHERE ${where} ORDER BY t.last_message_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, (page.page - 1) * page.limit],
  );
  const meta = { page: page.page, limit: page.limit, total, total_pages: Math.ceil(total / page.limit) };
  return { rows, meta };
}

/** The client's tickets, the newest conversation first. */
export async function listClientTickets(db: Queryable, clientId: string, page: Page) {
  const { rows, meta } = await pageOf(
    db,
    't.client_id = $1 AND ($2::text IS NULL OR t.status = $2)',
    [clientId, page.status ?? null],
    page,
  );
  return { data: rows.map(summaryOf), meta };
}

/** The back office's queue; by default the tickets waiting for us. */
export async function listTicketQueue(db: Queryable, page: Page) {
  const { rows, meta } = await pageOf(db, 't.status = $1', [page.status ?? 'open'], page);
  return { data: rows.map(backofficeSummaryOf), meta };
}

/** The client record's unread_tickets_count and unread_messages_count (docs/requirements/tickets.md). */
export async function unreadTicketCounts(db: Queryable, clientId: string) {
  const [row] = await db.query<{ tickets: number; messages: number }>(
    `SELECT count(DISTINCT t.id)::int AS tickets, count(m.id)::int AS messages
     FROM support_tickets t
     JOIN support_ticket_messages m ON m.ticket_id = t.id AND m.author = 'operator'
       AND (t.client_read_at IS NULL OR m.created_at > t.client_read_at)
     WHERE t.client_id = $1`,
    [clientId],
  );
  return { tickets: row?.tickets ?? 0, messages: row?.messages ?? 0 };
}

/** The client record's unread counts (the clients module's `clientRecordParts` hook). */
export async function addUnreadToClientRecord(
  db: Queryable,
  clientId: string,
  parts: ClientRecordParts,
): Promise<void> {
  parts.unread = await unreadTicketCounts(db, clientId);
}

// Writes of support tickets, each run by ticket-changes.ts in the caller's transaction.

/** One client at a time: the lock on the client row keeps the open-ticket bound exact. */
export async function lockTicketClient(tx: Queryable, clientId: string): Promise<void> {
  await tx.query('SELECT id FROM clients WHERE id = $1 FOR UPDATE', [clientId]);
}

export async function countOpenTickets(tx: Queryable, clientId: string) {
  const [open] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM support_tickets WHERE client_id = $1 AND status <> 'closed'`,
    [clientId],
  );
  return open;
}

export async function insertTicket(
  tx: Queryable,
  clientId: string,
  subject: string,
  now: Date,
): Promise<string> {
  const [ticket] = await tx.query<{ id: string }>(
    `INSERT INTO support_tickets (client_id, subject, message_count, last_message_at, client_read_at, created_at)
     VALUES ($1, $2, 1, $3, $3, $3) RETURNING id`,
    [clientId, subject, now],
  );
  if (!ticket) throw new Error('ticket insert returned no row');
  return ticket.id;
}

/** The client wrote again: the ticket waits for us once more. */
export async function setTicketClientReplied(tx: Queryable, ticketId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE support_tickets SET status = 'open', message_count = message_count + 1, last_message_at = $2,
       client_read_at = $2 WHERE id = $1`,
    [ticketId, now],
  );
}

export async function setTicketAnswered(tx: Queryable, ticketId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE support_tickets SET status = 'answered', message_count = message_count + 1, last_message_at = $2,
       last_answer_at = $2 WHERE id = $1`,
    [ticketId, now],
  );
}

export async function findTicketClientEmail(tx: Queryable, clientId: string) {
  const [client] = await tx.query<{ email: string }>('SELECT email FROM clients WHERE id = $1', [clientId]);
  return client;
}

export async function setTicketReopened(tx: Queryable, ticketId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE support_tickets SET status = 'open', last_message_at = $2 WHERE id = $1`, [
    ticketId,
    now,
  ]);
}

export async function setTicketClosed(tx: Queryable, ticketId: string): Promise<void> {
  await tx.query(`UPDATE support_tickets SET status = 'closed' WHERE id = $1`, [ticketId]);
}

/** Marks the ticket's answers read; the ids it changed, none when there was nothing new to read. */
export async function markTicketAnswersRead(tx: Queryable, ticketId: string, now: Date) {
  return tx.query(
    `UPDATE support_tickets SET client_read_at = $2
     WHERE id = $1 AND last_answer_at IS NOT NULL AND (client_read_at IS NULL OR client_read_at < last_answer_at)
     RETURNING id`,
    [ticketId, now],
  );
}
