import { linkHashSchema, newPasswordSchema, restoreRequestSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { findClientById, requestRestoreLink, setClientPassword } from '../clients';
import { claimChallenge, findLiveLink } from './challenges';
import { systemClock } from './clock';
import { hashPassword } from './password-hash';
import { authRateLimits } from './rate-limits';

const invalidLink = () =>
  new AppError(422, 'link_invalid', 'This link is not valid', {
    detail: 'The link is used, expired or mistyped. Ask for a new one on the password restore page.',
  });

// /restore asks for the e-mail and always answers the same; /restore/{hash} sets the password.
export const authRestoreRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;

  app.post(
    '/api/auth/restore',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a link to set a new password (answers 202 whether or not the address is known)',
        body: restoreRequestSchema,
        response: { 202: z.object({ data: z.object({ status: z.literal('sent_if_known') }) }) },
      },
      config: { rateLimit: authRateLimits.restore },
    },
    async (request, reply) => {
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
        response: { 200: z.object({ data: z.object({ password_changed: z.literal(true) }) }) },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      await withTransaction(db, async (tx) => {
        const now = clock.now();
        const link = await findLiveLink(tx, request.params.hash, 'password_restore', now);
        const client = link?.client_id ? await findClientById(tx, link.client_id) : undefined;
        if (!link || !client || !(await claimChallenge(tx, link.id, now))) throw invalidLink();
        // A restore link also proves the mailbox, so it confirms the address as well.
        await tx.query(
          'UPDATE clients SET email_confirmed_at = coalesce(email_confirmed_at, $2) WHERE id = $1',
          [client.id, now],
        );
        await setClientPassword(tx, client, passwordHash, {
          now,
          via: 'restore',
          requestId: request.id,
          ip: request.ip,
        });
      });
      return { data: { password_changed: true as const } };
    },
  );
};
