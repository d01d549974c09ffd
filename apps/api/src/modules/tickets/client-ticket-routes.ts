import {
  createTicketSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketReplySchema,
  ticketResponseSchema,
} from '@bluepeak/core/tickets';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { parseOptionalIdempotencyKey, runMaybeIdempotent } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import { attachmentBodyLimit, sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { attachmentStorageFor, checkAttachments } from '../attachments';
import { callerClientId, requireClient } from '../auth';
import { attachToMessage, firstMessageId, loadTicketAttachment } from './ticket-attachments';
import { clientReply, closeTicket, markTicketRead, openTicket, reopenTicket } from './ticket-changes';
import { clientTicket, findTicketRow, listClientTickets } from './ticket-rows';

// Messages (docs/requirements/tickets.md, /dashboard/tickets): the client's conversations with support. Open
// to every logged-in client (an application under review needs it most); every lookup is bound
// to the caller, so another client's ticket is a 404.
export const clientTicketRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireClient({ db, clock }));
  const actor = (request: FastifyRequest) => ({
    clientId: callerClientId(request),
    requestId: request.id,
    ip: request.ip,
    now: clock.now(),
  });
  async function ownTicket(tx: Queryable, request: FastifyRequest, id: string) {
    const row = await findTicketRow(tx, id, { clientId: callerClientId(request) });
    if (!row) throw notFound('Ticket');
    return clientTicket(tx, row);
  }

  app.get(
    '/api/client/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary: "The client's conversations with support, the newest first",
        querystring: ticketListQuerySchema,
        response: { 200: ticketListResponseSchema },
      },
    },
    async (request) => listClientTickets(db, callerClientId(request), request.query),
  );

  app.post(
    '/api/client/tickets',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Write to support: a new conversation with its first message',
        body: createTicketSchema,
        response: { 201: ticketResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
      bodyLimit: attachmentBodyLimit(3),
    },
    async (request, reply) => {
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const scope = `client:${callerClientId(request)}:tickets`;
      const files = await checkAttachments(request.body.attachments ?? []);
      const { attachments: _, ...fingerprint } = request.body;
      const answer = await runMaybeIdempotent(db, { scope, key, request: fingerprint }, async (tx) => {
        const id = await openTicket(tx, request.body, actor(request));
        const message = {
          id: await firstMessageId(tx, id),
          clientId: callerClientId(request),
          author: 'client' as const,
        };
        await attachToMessage(tx, storage, message, files);
        return { status: 201 as const, body: { data: await ownTicket(tx, request, id) } };
      });
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/api/client/tickets/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'One conversation with every message, oldest first',
        params: ticketIdParamsSchema,
        response: { 200: ticketResponseSchema },
      },
    },
    async (request) => ({ data: await ownTicket(db, request, request.params.id) }),
  );

  app.post(
    '/api/client/tickets/:id/messages',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Write again in a conversation that is not closed',
        params: ticketIdParamsSchema,
        body: ticketReplySchema,
        response: { 201: ticketResponseSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: 60 * 60_000 } },
      bodyLimit: attachmentBodyLimit(3),
    },
    async (request, reply) => {
      const files = await checkAttachments(request.body.attachments ?? []);
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const scope = `client:${callerClientId(request)}:ticket-replies`;
      const answer = await runMaybeIdempotent(
        db,
        { scope, key, request: { id: request.params.id, message: request.body.message } },
        async (tx) => {
          const id = await clientReply(tx, request.params.id, request.body.message, actor(request));
          await attachToMessage(
            tx,
            storage,
            { id, clientId: callerClientId(request), author: 'client' },
            files,
          );
          return { status: 201 as const, body: { data: await ownTicket(tx, request, request.params.id) } };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  for (const [action, change, summary] of [
    [
      'read',
      markTicketRead,
      'Mark the answers in a conversation read (the Messages badge counts the unread ones)',
    ],
    ['close', closeTicket, 'Close a conversation'],
    ['reopen', reopenTicket, 'Reopen a conversation the answer did not settle'],
  ] as const) {
    app.post(
      `/api/client/tickets/:id/${action}`,
      {
        schema: {
          tags: ['tickets'],
          summary,
          params: ticketIdParamsSchema,
          response: { 200: ticketResponseSchema },
        },
      },
      async (request) => ({
        data: await withTransaction(db, async (tx) => {
          await change(tx, request.params.id, actor(request));
          return ownTicket(tx, request, request.params.id);
        }),
      }),
    );
  }

  app.get(
    '/api/client/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Download a file of one of the client’s conversations',
        params: z.strictObject({ id: z.uuid(), attachmentId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const ids = {
        ticketId: request.params.id,
        attachmentId: request.params.attachmentId,
        clientId: callerClientId(request),
      };
      return sendDocument(reply, await loadTicketAttachment(db, storage, ids));
    },
  );
};
