import {
  acceptedInvitationAnswerSchema,
  acceptInvitationSchema,
  invitationAnswerSchema,
  invitationTokenParamsSchema,
} from '@bluepeak/core/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits } from '../auth';
import { acceptInvitation, readInvitation } from './operator-invitations';

// The invited operator's side (no session yet): the link's secret is the credential. Rate
// limited like code entry, and an unknown, used or expired link all answer the same 404.
export const backofficeInvitationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  const totpBox = createSecretBox(options.linkKey, 'totp');

  app.get(
    '/api/backoffice/invitations/:token',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Who is invited, and the authenticator enrolment (secret and QR code) for them alone',
        params: invitationTokenParamsSchema,
        response: { 200: invitationAnswerSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await readInvitation(db, request.params.token, totpBox, clock.now()) };
    },
  );

  app.post(
    '/api/backoffice/invitations/:token/accept',
    {
      schema: {
        tags: ['backoffice'],
        summary: "Accept: the operator's own password and the first code of their authenticator",
        params: invitationTokenParamsSchema,
        body: acceptInvitationSchema,
        response: { 200: acceptedInvitationAnswerSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => ({
      data: await withTransaction(db, (tx) =>
        acceptInvitation(tx, request.params.token, request.body, {
          totpBox,
          now: clock.now(),
          requestId: request.id,
          ip: request.ip,
        }),
      ),
    }),
  );
};
