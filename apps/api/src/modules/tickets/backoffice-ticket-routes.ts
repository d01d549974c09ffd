import {
  backofficeTicketListResponseSchema,
  backofficeTicketResponseSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketReplySchema,
} from '@bluepeak/core/tickets';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { actingOperator } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { attachmentBodyLimit, sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { attachmentStorageFor, checkAttachments } from '../attachments';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { attachToMessage, loadTicketAttachment } from './ticket-attachments';
import { closeTicket, operatorReply } from './ticket-changes';
import { backofficeTicket, findTicketRow, listTicketQueue } from './ticket-rows';

// The back office's side of Messages (docs/requirements/tickets.md): the queue of
// conversations waiting for us, one conversation, the answer (the client is notified and e-mailed)
// and closing. Support agents and compliance; every change is audited.
export const backofficeTicketRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canAnswer = requirePermission(db, 'answerTickets');
  const actor = (request: FastifyRequest) => ({
    ...actingOperator(callerOperatorId(request), request),
    now: clock.now(),
  });
  async function ticket(tx: Queryable, id: string) {
    const row = await findTicketRow(tx, id);
    if (!row) throw notFound('Ticket');
    return backofficeTicket(tx, row);
  }

  app.get(
    '/api/backoffice/tickets',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Conversations by status (default: open, waiting for our answer), the latest first',
        querystring: ticketListQuerySchema,
        response: { 200: backofficeTicketListResponseSchema },
      },
      preValidation: canAnswer,
    },
    async (request) => listTicketQueue(db, request.query),
  );

  app.get(
    '/api/backoffice/tickets/:id',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'One conversation with every message',
        params: ticketIdParamsSchema,
        response: { 200: backofficeTicketResponseSchema },
      },
      preValidation: canAnswer,
    },
    async (request) => ({ data: await ticket(db, request.params.id) }),
  );

  app.post(
    '/api/backoffice/tickets/:id/messages',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Answer the client (notified and e-mailed that an answer is waiting)',
        params: ticketIdParamsSchema,
        body: ticketReplySchema,
        response: { 201: backofficeTicketResponseSchema },
      },
      preValidation: canAnswer,
      bodyLimit: attachmentBodyLimit(3),
    },
    async (request, reply) => {
      const files = await checkAttachments(request.body.attachments ?? []);
      const data = await withTransaction(db, async (tx) => {
        const sent = await operatorReply(tx, request.params.id, request.body.message, actor(request));
        await attachToMessage(
          tx,
          storage,
          { id: sent.messageId, clientId: sent.clientId, author: 'operator' },
          files,
        );
        return ticket(tx, request.params.id);
      });
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/backoffice/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Download a file of a conversation',
        params: z.strictObject({ id: z.uuid(), attachmentId: z.uuid() }),
      },
      preValidation: canAnswer,
    },
    async (request, reply) => {
      const { id: ticketId, attachmentId } = request.params;
      return sendDocument(reply, await loadTicketAttachment(db, storage, { ticketId, attachmentId }));
    },
  );

  app.post(
    '/api/backoffice/tickets/:id/close',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Close a conversation',
        params: ticketIdParamsSchema,
        response: { 200: backofficeTicketResponseSchema },
      },
      preValidation: canAnswer,
    },
    async (request) => ({
      data: await withTransaction(db, async (tx) => {
        await closeTicket(tx, request.params.id, actor(request));
        return ticket(tx, request.params.id);
      }),
    }),
  );
};
