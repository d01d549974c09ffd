import { clientDeactivationViewSchema, requestDeactivationSchema, verifyCodeSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../auth/clock';
import { authRateLimits } from '../auth/rate-limits';
import { createSecretBox } from '../auth/secret-box';
import { withTransaction } from '../db/transaction';
import {
  confirmDeactivationRequest,
  deactivationView,
  startDeactivationRequest,
  withdrawDeactivationRequest,
} from '../deactivation/request-deactivation';
import { requireClient } from '../plugins/session-auth';
import { clientActor, loadCaller } from './client-caller';
import type { AuthRouteOptions } from './route-options';

const view = z.object({ data: clientDeactivationViewSchema });

// Closing the account (spec: /dashboard/settings/account-deactivation; issue 7). The client
// reads where things stand, asks (answered with a code challenge), confirms with the code,
// and may withdraw a request the back office has not decided yet.
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
        response: { 200: view },
      },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      return { data: await deactivationView(db, client, clock.now()) };
    },
  );

  app.post(
    '/api/client/deactivation',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'Ask to close the account; it needs the one-time code sent for it',
        body: requestDeactivationSchema,
        response: { 202: view },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      const now = clock.now();
      await withTransaction(db, (tx) =>
        startDeactivationRequest(tx, { client, body: request.body, actor: clientActor(request), now }),
      );
      return reply.status(202).send({ data: await deactivationView(db, client, now) });
    },
  );

  app.post(
    '/api/client/deactivation/confirm',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'Confirm the request to close the account with its one-time code',
        body: verifyCodeSchema,
        response: { 200: view },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      const now = clock.now();
      await confirmDeactivationRequest(db, {
        client,
        code: request.body.code,
        actor: clientActor(request),
        now,
        totpBox,
      });
      return { data: await deactivationView(db, await loadCaller(db, request), now) };
    },
  );

  app.delete(
    '/api/client/deactivation',
    {
      schema: {
        tags: ['deactivation'],
        summary: 'Withdraw a request to close the account that is not decided yet',
        response: { 200: view },
      },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      const now = clock.now();
      await withTransaction(db, (tx) =>
        withdrawDeactivationRequest(tx, { clientId: client.id, actor: clientActor(request), now }),
      );
      return { data: await deactivationView(db, await loadCaller(db, request), now) };
    },
  );
};
