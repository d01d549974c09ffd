import {
  type ClientDeactivationResponse,
  clientDeactivationResponseSchema,
  clientPayoutPlanResponseSchema,
  payoutPlanQuerySchema,
  requestDeactivationSchema,
  verifyCodeSchema,
} from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import { parseOptionalIdempotencyKey, runMaybeIdempotent } from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, requireClient } from '../auth';
import { type ClientRow, clientActor, findClientById, loadCaller } from '../clients';
import { confirmOnce } from '../sca';
import { findLatestRequest } from './deactivation-rows';
import { payoutPreview } from './payout-preview';
import {
  confirmDeactivationRequest,
  deactivationView,
  startDeactivationRequest,
  withdrawDeactivationRequest,
} from './request-deactivation';

// Closing the account (/dashboard/settings/account-deactivation,
// docs/requirements/deactivation.md). The client reads where things stand, asks (answered with a
// code challenge), confirms with the code, and may withdraw a request the back office has not
// decided yet.
/**
 * The client as a confirmation or a withdrawal has just left it: read again, since the row the
 * session brought is from before its status changed (the view says whether it may ask again).
 */
async function afterChange(db: Queryable, client: ClientRow): Promise<ClientRow> {
  return (await findClientById(db, client.id)) ?? client;
}

export const clientDeactivationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  app.get(
    '/api/client/deactivation',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'The open request to close the account, balances, the closing fee and what blocks closing',
        response: { 200: clientDeactivationResponseSchema },
      },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      return { data: await deactivationView(db, client, clock.now()) };
    },
  );

  app.get(
    '/api/client/deactivation/payout_plan',
    {
      schema: {
        tags: ['deactivation'],
        summary:
          'What closing would take and pay out to one of your recipients: the closing fee, and per account the pay-out’s fee and what arrives',
        querystring: payoutPlanQuerySchema,
        response: { 200: clientPayoutPlanResponseSchema },
      },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      return { data: await payoutPreview(db, client, request.query.recipient_id) };
    },
  );

  app.post(
    '/api/client/deactivation',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'Ask to close the account; it needs the one-time code sent for it',
        body: requestDeactivationSchema,
        response: { 202: clientDeactivationResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await loadCaller(db, request);
      const now = clock.now();
      const answer = await runMaybeIdempotent(
        db,
        { scope: `client:${client.id}:deactivation`, key, request: request.body },
        async (tx) => {
          await startDeactivationRequest(tx, {
            client,
            body: request.body,
            actor: clientActor(request),
            now,
          });
          return { status: 202 as const, body: { data: await deactivationView(tx, client, now) } };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/api/client/deactivation/confirm',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'Confirm the request to close the account with its one-time code',
        body: verifyCodeSchema,
        response: { 200: clientDeactivationResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const idempotencyKey = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await loadCaller(db, request);
      const now = clock.now();
      const { code } = request.body;
      const answer = await confirmOnce<ClientDeactivationResponse>(
        db,
        {
          clientId: client.id,
          action: 'deactivation-confirm',
          code,
          request: { code },
          idempotencyKey,
          currentChallenge: async () => (await findLatestRequest(db, client.id))?.challenge_id,
        },
        (remember) =>
          confirmDeactivationRequest(db, {
            client,
            code,
            actor: clientActor(request),
            now,
            totpBox,
            onConfirmed: async (tx, challengeId) => {
              const body = { data: await deactivationView(tx, await afterChange(tx, client), now) };
              await remember(tx, challengeId, { status: 200, body });
            },
          }),
      );
      return sendAnswer(reply, answer);
    },
  );

  app.delete(
    '/api/client/deactivation',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'Withdraw a request to close the account that is not decided yet',
        response: { 200: clientDeactivationResponseSchema },
      },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      const now = clock.now();
      await withTransaction(db, (tx) =>
        withdrawDeactivationRequest(tx, { clientId: client.id, actor: clientActor(request), now }),
      );
      return { data: await deactivationView(db, await afterChange(db, client), now) };
    },
  );
};
