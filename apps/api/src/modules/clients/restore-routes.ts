import {
  linkHashSchema,
  newPasswordSchema,
  passwordChangedResponseSchema,
  restoreRequestSchema,
  restoreSentResponseSchema,
} from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, hashPassword, humanCheck } from '../auth';
import { requestRestoreLink } from './request-restore-link';
import { restorePassword } from './restore-password';

// /restore asks for the e-mail and always answers the same; /restore/{hash} sets the password.
export const authRestoreRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, linkKey, clock = systemClock } = options;
  const assertHuman = humanCheck({ db, enabled: config.botCheck, linkKey, clock });

  app.post(
    '/api/auth/restore',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a link to set a new password (answers 202 whether or not the address is known)',
        body: restoreRequestSchema,
        response: { 202: restoreSentResponseSchema },
      },
      config: { rateLimit: authRateLimits.restore },
    },
    async (request, reply) => {
      await assertHuman(request, request.body.altcha);
      await withTransaction(db, (tx) =>
        requestRestoreLink(
          tx,
          request.body.email,
          clock.now(),
          (secret) => `${config.publicUrl}/#/restore/${secret}`,
        ),
      );
      return reply.status(202).send({ data: { status: 'sent_if_known' as const } });
    },
  );

  app.post(
    '/api/auth/restore/:hash',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from the e-mailed link; ends every session',
        params: z.strictObject({ hash: linkHashSchema }),
        body: newPasswordSchema,
        response: { 200: passwordChangedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      await withTransaction(db, (tx) =>
        restorePassword(tx, request.params.hash, passwordHash, {
          now: clock.now(),
          requestId: request.id,
          ip: request.ip,
        }),
      );
      return { data: { password_changed: true as const } };
    },
  );
};
