import { verifyCodeSchema } from '@bluepeak/core';
import {
  createRecipientSchema,
  recipientIdParamsSchema,
  recipientListQuerySchema,
  recipientListResponseSchema,
  recipientResponseSchema,
  updateRecipientSchema,
} from '@bluepeak/core/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { parseOptionalIdempotencyKey, runMaybeIdempotent } from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, requireClient } from '../auth';
import { clientActor, loadApprovedCaller } from '../clients';
import { findChallengeFor, liveChallengeView } from '../sca';
import { addRecipient, changeRecipient, confirmRecipientOnce, deleteRecipient } from './manage-recipients';
import { findClientRecipient, listClientRecipients, toRecipient } from './recipient-rows';

// Saved recipients (docs/requirements/recipients.md: /dashboard/recipients). Adding or changing one answers
// `pending_confirmation` with a challenge; POST .../confirm with the code makes it usable.
export const clientRecipientRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  const approvedCaller = (request: FastifyRequest) => loadApprovedCaller(db, request);

  app.get(
    '/api/client/recipients',
    {
      schema: {
        tags: ['recipients'],
        summary: 'The client’s saved recipients, newest first',
        querystring: recipientListQuerySchema,
        response: { 200: recipientListResponseSchema },
      },
    },
    async (request) => {
      const client = await approvedCaller(request);
      const rows = await listClientRecipients(db, client.id, request.query.type);
      const now = clock.now();
      const views = [];
      for (const row of rows) {
        const pending = row.status !== 'active' || row.pending_details !== null;
        const sca = pending
          ? liveChallengeView(await findChallengeFor(db, client.id, row.challenge_id), now)
          : null;
        views.push(toRecipient(row, sca));
      }
      return { data: views };
    },
  );

  app.post(
    '/api/client/recipients',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Add a recipient; it needs the one-time code sent for it',
        body: createRecipientSchema,
        response: { 201: recipientResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await approvedCaller(request);
      const answer = await runMaybeIdempotent(
        db,
        { scope: `client:${client.id}:recipients`, key, request: request.body },
        async (tx) => {
          const created = await addRecipient(tx, {
            client,
            body: request.body,
            actor: clientActor(request),
            now: clock.now(),
          });
          return { status: 201 as const, body: { data: toRecipient(created.recipient, created.sca) } };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/api/client/recipients/:id',
    {
      schema: {
        tags: ['recipients'],
        summary: 'One recipient',
        params: recipientIdParamsSchema,
        response: { 200: recipientResponseSchema },
      },
    },
    async (request) => {
      const client = await approvedCaller(request);
      const row = await findClientRecipient(db, client.id, request.params.id);
      if (!row) throw notFound('Recipient');
      const sca = liveChallengeView(await findChallengeFor(db, client.id, row.challenge_id), clock.now());
      const pending = row.status !== 'active' || row.pending_details !== null;
      return { data: toRecipient(row, pending ? sca : null) };
    },
  );

  app.put(
    '/api/client/recipients/:id',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Change a recipient; the change needs the one-time code sent for it',
        params: recipientIdParamsSchema,
        body: updateRecipientSchema,
        response: { 200: recipientResponseSchema },
      },
    },
    async (request) => {
      const client = await approvedCaller(request);
      const changed = await withTransaction(db, (tx) =>
        changeRecipient(tx, {
          client,
          id: request.params.id,
          body: request.body,
          actor: clientActor(request),
          now: clock.now(),
        }),
      );
      return { data: toRecipient(changed.recipient, changed.sca) };
    },
  );

  app.post(
    '/api/client/recipients/:id/confirm',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Confirm a new or changed recipient with its one-time code',
        params: recipientIdParamsSchema,
        body: verifyCodeSchema,
        response: { 200: recipientResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const idempotencyKey = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await approvedCaller(request);
      const answer = await confirmRecipientOnce(db, {
        client,
        id: request.params.id,
        code: request.body.code,
        idempotencyKey,
        actor: clientActor(request),
        now: () => clock.now(),
        totpBox,
        answerOf: (row) => ({ data: toRecipient(row, null) }),
      });
      return sendAnswer(reply, answer);
    },
  );

  app.delete(
    '/api/client/recipients/:id',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Delete a recipient',
        params: recipientIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const client = await approvedCaller(request);
      await withTransaction(db, (tx) =>
        deleteRecipient(tx, { client, id: request.params.id, actor: clientActor(request), now: clock.now() }),
      );
      return reply.status(204).send(null);
    },
  );
};
