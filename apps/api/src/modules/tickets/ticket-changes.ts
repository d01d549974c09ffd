import { MAX_OPEN_TICKETS, MAX_TICKET_MESSAGES } from '@bluepeak/core/tickets';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { decisionMessage } from '../auth';
import { notifyClient } from '../notifications';
import { enqueueMessage } from '../outbox';
import { insertTicketMessage } from './ticket-message-rows';
import {
  countOpenTickets,
  findTicketClientEmail,
  findTicketRow,
  insertTicket,
  lockTicketClient,
  markTicketAnswersRead,
  setTicketAnswered,
  setTicketClientReplied,
  setTicketClosed,
  setTicketReopened,
} from './ticket-rows';

// The changes to a support ticket, each in the caller's transaction with its audit entry:
// a client opens one, either side writes in it, either side closes it, the client reads it.
// A ticket row is locked before it changes, so two replies at once count their messages right.
type Actor = Pick<AuditEntry, 'requestId' | 'ip'> & { now: Date };
type ClientActor = Actor & { clientId: string };
type OperatorActor = Actor & { operatorId: string };

export async function openTicket(
  tx: Queryable,
  input: { subject: string; message: string },
  actor: ClientActor,
): Promise<string> {
  await lockTicketClient(tx, actor.clientId);
  const open = await countOpenTickets(tx, actor.clientId);
  if ((open?.n ?? 0) >= MAX_OPEN_TICKETS) {
    throw new AppError(
      'too_many_open_tickets',
      `You have ${MAX_OPEN_TICKETS} open conversations; please close one first`,
    );
  }
  const ticketId = await insertTicket(tx, actor.clientId, input.subject, actor.now);
  await insertTicketMessage(tx, ticketId, {
    author: 'client',
    operatorId: null,
    body: input.message,
    now: actor.now,
  });
  await writeAuditEntry(tx, {
    actorType: 'client',
    actorId: actor.clientId,
    action: 'ticket.opened',
    objectType: 'ticket',
    objectId: ticketId,
    requestId: actor.requestId,
    ip: actor.ip,
    details: { subject: input.subject },
  });
  return ticketId;
}

async function lockedOpenTicket(tx: Queryable, ticketId: string, clientId?: string) {
  const ticket = await findTicketRow(tx, ticketId, { clientId, lock: true });
  if (!ticket) throw notFound('Ticket');
  if (ticket.status === 'closed') {
    throw new AppError('ticket_closed', 'This conversation is closed; please start a new one');
  }
  if (ticket.message_count >= MAX_TICKET_MESSAGES) {
    throw new AppError('ticket_full', 'This conversation is full; please start a new one');
  }
  return ticket;
}

/** The client writes again: the ticket waits for us once more. */
export async function clientReply(tx: Queryable, ticketId: string, body: string, actor: ClientActor) {
  await lockedOpenTicket(tx, ticketId, actor.clientId);
  const messageId = await insertTicketMessage(tx, ticketId, {
    author: 'client',
    operatorId: null,
    body,
    now: actor.now,
  });
  await setTicketClientReplied(tx, ticketId, actor.now);
  await writeAuditEntry(tx, {
    actorType: 'client',
    actorId: actor.clientId,
    action: 'ticket.client_replied',
    objectType: 'ticket',
    objectId: ticketId,
    requestId: actor.requestId,
    ip: actor.ip,
  });
  return messageId;
}

/** An operator answers: the client is told by notification and e-mail, in this transaction. */
export async function operatorReply(tx: Queryable, ticketId: string, body: string, actor: OperatorActor) {
  const ticket = await lockedOpenTicket(tx, ticketId);
  const messageId = await insertTicketMessage(tx, ticketId, {
    author: 'operator',
    operatorId: actor.operatorId,
    body,
    now: actor.now,
  });
  await setTicketAnswered(tx, ticketId, actor.now);
  await writeAuditEntry(tx, {
    actorType: 'operator',
    actorId: actor.operatorId,
    action: 'ticket.answered',
    objectType: 'ticket',
    objectId: ticketId,
    requestId: actor.requestId,
    ip: actor.ip,
    details: { client_id: ticket.client_id },
  });
  const text = `We answered your message "${ticket.subject}". Read the answer in Messages.`;
  await notifyClient(tx, {
    clientId: ticket.client_id,
    kind: 'ticket_reply',
    title: 'New answer from support',
    body: text,
    params: { ticket_id: ticketId, subject: ticket.subject },
  });
  const client = await findTicketClientEmail(tx, ticket.client_id);
  // The e-mail says only that there is an answer: the answer itself stays behind the log-in.
  if (client)
    await enqueueMessage(tx, decisionMessage(client.email, 'you have a new answer from support', text));
  return { messageId, clientId: ticket.client_id };
}

/** The client confirms the answer solved it (the ticket closes) or reopens it for us. */
export async function reopenTicket(tx: Queryable, ticketId: string, actor: ClientActor) {
  const ticket = await findTicketRow(tx, ticketId, { clientId: actor.clientId, lock: true });
  if (!ticket) throw notFound('Ticket');
  if (ticket.status === 'open') return;
  await setTicketReopened(tx, ticketId, actor.now);
  await writeAuditEntry(tx, {
    actorType: 'client',
    actorId: actor.clientId,
    action: 'ticket.reopened',
    objectType: 'ticket',
    objectId: ticketId,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}

export async function closeTicket(
  tx: Queryable,
  ticketId: string,
  actor: Actor &
    ({ clientId: string; operatorId?: undefined } | { operatorId: string; clientId?: undefined }),
) {
  const ticket = await findTicketRow(tx, ticketId, { clientId: actor.clientId, lock: true });
  if (!ticket) throw notFound('Ticket');
  if (ticket.status === 'closed') return;
  await setTicketClosed(tx, ticketId);
  await writeAuditEntry(tx, {
    actorType: actor.operatorId ? 'operator' : 'client',
    actorId: actor.operatorId ?? actor.clientId,
    action: 'ticket.closed',
    objectType: 'ticket',
    objectId: ticketId,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}

/** The client opened the ticket: its answers are read. */
export async function markTicketRead(tx: Queryable, ticketId: string, actor: ClientActor) {
  const ticket = await findTicketRow(tx, ticketId, { clientId: actor.clientId, lock: true });
  if (!ticket) throw notFound('Ticket');
  const moved = await markTicketAnswersRead(tx, ticketId, actor.now);
  if (moved.length === 0) return;
  await writeAuditEntry(tx, {
    actorType: 'client',
    actorId: actor.clientId,
    action: 'ticket.read',
    objectType: 'ticket',
    objectId: ticketId,
    requestId: actor.requestId,
    ip: actor.ip,
  });
}
