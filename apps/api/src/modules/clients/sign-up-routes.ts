import {
  businessSignUpSchema,
  confirmEmailSchema,
  emailOnlySchema,
  privateSignUpSchema,
} from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { writeAuditEntry } from '../audit';
import {
  addSeconds,
  altchaKeys,
  authRateLimits,
  claimChallenge,
  countChallengesSince,
  createAltchaChallenge,
  EMAIL_CONFIRM_LINKS_PER_HOUR,
  findLink,
  findLiveLink,
  systemClock,
  verifyAltchaPayload,
} from '../auth';
import { confirmOnce } from '../sca';
import { findClientByEmail } from './client-rows';
import { placeInBody, refuseBadPlace } from './refuse-bad-place';
import { sendConfirmationLink, signUpClient } from './sign-up-client';

const accepted = z.object({ data: z.object({ status: z.literal('confirmation_sent') }) });
const ACCEPTED = { data: { status: 'confirmation_sent' as const } };

// Sign-up (/private-account, /business-account) and e-mail confirmation (/confirm/email).
export const authSignUpRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, linkKey, clock = systemClock } = options;
  const keys = altchaKeys(linkKey);

  async function assertHuman(request: FastifyRequest, payload: string) {
    if (!config.botCheck) return;
    if (!(await verifyAltchaPayload(db, keys, payload, clock.now()))) {
      request.log.info('bot check failed');
      throw new AppError(403, 'bot_check_failed', 'The bot check failed. Please try again.');
    }
  }

  app.get(
    '/api/auth/altcha',
    {
      schema: { tags: ['auth'], summary: 'A proof-of-work challenge for the ALTCHA widget' },
      config: { rateLimit: authRateLimits.altchaChallenge },
    },
    async () => createAltchaChallenge(keys, clock.now()),
  );

  // Whether the sign-up forms need the widget at all: with BOT_CHECK=off (automation, tests)
  // the browser skips the proof of work the API would not check.
  app.get(
    '/api/auth/bot_check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether sign-up asks for a solved ALTCHA challenge',
        response: { 200: z.object({ data: z.object({ enabled: z.boolean() }) }) },
      },
    },
    async () => ({ data: { enabled: config.botCheck } }),
  );

  app.post(
    '/api/auth/signup/private',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up as a private client',
        body: privateSignUpSchema,
        response: { 202: accepted },
      },
      config: { rateLimit: authRateLimits.signUp },
      preValidation: refuseBadPlace(placeInBody, false),
    },
    async (request, reply) => {
      const { altcha, password_confirmation: _confirmation, ...input } = request.body;
      await assertHuman(request, altcha);
      await signUpClient(db, { type: 'PRIVATE', ...input }, contextOf(request));
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/signup/business',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up as a business client',
        body: businessSignUpSchema,
        response: { 202: accepted },
      },
      config: { rateLimit: authRateLimits.signUp },
      preValidation: refuseBadPlace(placeInBody, false),
    },
    async (request, reply) => {
      const { altcha, password_confirmation: _confirmation, ...input } = request.body;
      await assertHuman(request, altcha);
      await signUpClient(db, { type: 'CORPORATE', ...input }, contextOf(request));
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/confirm_email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the link hash',
        body: confirmEmailSchema,
        response: { 200: z.object({ data: z.object({ email_confirmed: z.literal(true) }) }) },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const now = clock.now();
      const { hash } = request.body;
      // A retry of the link that confirmed the address, while the link would still be live, gets
      // the first answer: it is stored under the link's challenge with the hash of its secret
      // (docs/idempotency.md). An unknown, expired or retired link is refused as before.
      const known = await findLink(db, hash, 'email_confirm');
      const clientId = known && known.expires_at > now ? known.client_id : null;
      if (!known || !clientId) throw linkInvalid();
      const answer = await confirmOnce<{ data: { email_confirmed: true } }>(
        db,
        {
          clientId,
          action: 'email-confirm',
          code: hash,
          request: { link: known.id },
          idempotencyKey: undefined,
          currentChallenge: async () => known.id,
        },
        (remember) =>
          withTransaction(db, async (tx) => {
            const link = await findLiveLink(tx, hash, 'email_confirm', now);
            if (!link?.client_id || !(await claimChallenge(tx, link.id, now))) throw linkInvalid();
            await tx.query('UPDATE clients SET email_confirmed_at = $2, updated_at = $2 WHERE id = $1', [
              link.client_id,
              now,
            ]);
            await writeAuditEntry(tx, {
              actorType: 'client',
              actorId: link.client_id,
              action: 'client.email_confirmed',
              objectType: 'client',
              objectId: link.client_id,
              requestId: request.id,
              ip: request.ip,
            });
            await remember(tx, link.id, { status: 200, body: { data: { email_confirmed: true } } });
          }),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/api/auth/confirm_email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation link again',
        body: emailOnlySchema,
        response: { 202: accepted },
      },
      config: { rateLimit: authRateLimits.resend },
    },
    async (request, reply) => {
      const client = await findClientByEmail(db, request.body.email);
      if (client && !client.email_confirmed_at) {
        const now = clock.now();
        const lastHour = await countChallengesSince(db, client.id, 'email_confirm', addSeconds(now, -3600));
        // Over the per-address limit nothing is sent, and the answer stays the same, so it
        // tells nobody whether the address has an account.
        if (lastHour < EMAIL_CONFIRM_LINKS_PER_HOUR) {
          await withTransaction(db, (tx) =>
            sendConfirmationLink(tx, client, { publicUrl: config.publicUrl, now }),
          );
        } else request.log.info({ client: client.id }, 'confirmation link not resent: per-address limit');
      }
      return reply.status(202).send(ACCEPTED);
    },
  );

  function contextOf(request: FastifyRequest) {
    return { publicUrl: config.publicUrl, now: clock.now(), requestId: request.id, ip: request.ip };
  }
};

const linkInvalid = () =>
  new AppError(422, 'link_invalid', 'This link is not valid', {
    detail: 'The link is used, expired or mistyped. Ask for a new one on the confirmation page.',
  });
