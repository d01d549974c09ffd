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
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { notFound } from '../../lib/app-error';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, requireClient } from '../../plugins/session-auth';
import { parseOptionalIdempotencyKey, runMaybeIdempotent } from '../accounts';
import { systemClock } from '../auth';
import { clientReply, closeTicket, markTicketRead, openTicket } from './ticket-changes';
import { clientTicket, findTicketRow, listClientTickets } from './ticket-rows';

// Messages (docs/requirements/tickets.md, /dashboard/tickets): the client's conversations with support. Open
// to every logged-in client (an application under review needs it most); every lookup is bound
// to the caller, so another client's ticket is a 404.
export const clientTicketRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
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
    },
    async (request, reply) => {
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const scope = `client:${callerClientId(request)}:tickets`;
      const answer = await runMaybeIdempotent(db, { scope, key, request: request.body }, async (tx) => {
        const id = await openTicket(tx, request.body, actor(request));
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
    },
    async (request, reply) => {
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const scope = `client:${callerClientId(request)}:ticket-replies`;
      const answer = await runMaybeIdempotent(
        db,
        { scope, key, request: { id: request.params.id, message: request.body.message } },
        async (tx) => {
          await clientReply(tx, request.params.id, request.body.message, actor(request));
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
};
