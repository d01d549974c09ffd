import {
  clientDataResponseSchema,
  passwordChangedResponseSchema,
  passwordChangeSchema,
  updateInfoSchema,
  updateRequireResponseSchema,
} from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import { clearSessionCookie } from '../../lib/cookies';
import { createSecretBox } from '../../lib/secret-box';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, CLIENT_COOKIE, hashPassword, requireClient } from '../auth';
import { claimStepUp, verifyStepUp } from '../sca';
import { placeAt, refuseBadPlace } from './bad-place-guard';
import { loadCaller } from './client-caller-guard';
import { buildClientRecord } from './client-record';
import { setClientPassword } from './set-client-password';
import { updateClientInfo } from './update-info';

// The logged-in client's own record (docs/requirements/api-contract.md), the update-required flags and the
// update-info and password-change pages.
export const clientProfileRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  const caller = (request: FastifyRequest) => loadCaller(db, request);

  app.get(
    '/api/client/data',
    {
      schema: {
        tags: ['client'],
        summary: 'The client record',
        response: { 200: clientDataResponseSchema },
      },
    },
    async (request) => ({ data: await buildClientRecord(db, await caller(request)) }),
  );

  app.get(
    '/api/client/update_require',
    {
      schema: {
        tags: ['client'],
        summary: 'Which data an operator asked the client to update',
        response: { 200: updateRequireResponseSchema },
      },
    },
    async (request) => {
      const client = await caller(request);
      const { activity_require, address_require, client_info_require, partners_require } = client;
      return { data: { activity_require, address_require, client_info_require, partners_require } };
    },
  );

  app.post(
    '/api/client/update_info',
    {
      schema: {
        tags: ['client'],
        summary: 'Confirm (and where asked, update) the data an operator asked about',
        body: updateInfoSchema,
        response: { 200: clientDataResponseSchema },
      },
      preValidation: refuseBadPlace(placeAt('address')),
    },
    async (request) => {
      await updateClientInfo(db, await caller(request), request.body.address, {
        now: clock.now(),
        requestId: request.id,
        ip: request.ip,
      });
      return { data: await buildClientRecord(db, await caller(request)) };
    },
  );

  app.post(
    '/api/client/password_change',
    {
      schema: {
        tags: ['client'],
        summary: 'Change the password (after step-up); ends every session, so the client logs in again',
        body: passwordChangeSchema,
        response: { 200: passwordChangedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await caller(request);
      const { password, password_confirmation: _, ...proof } = request.body;
      // Step-up: the current password (422, not 401, when wrong: it must not log the client
      // out, docs/error-catalogue.md) and a code from the current factor.
      const verified = await verifyStepUp(db, {
        client,
        action: 'password_change',
        proof,
        now: clock.now(),
        ip: request.ip,
        requestId: request.id,
        totpBox,
      });
      const passwordHash = await hashPassword(password);
      await withTransaction(db, async (tx) => {
        await claimStepUp(tx, verified, clock.now());
        await setClientPassword(tx, client, passwordHash, {
          now: clock.now(),
          via: 'password_change',
          requestId: request.id,
          ip: request.ip,
        });
      });
      clearSessionCookie(reply, request, CLIENT_COOKIE, config.publicUrl);
      return { data: { password_changed: true as const } };
    },
  );
};
