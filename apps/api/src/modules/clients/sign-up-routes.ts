import {
  botCheckResponseSchema,
  businessSignUpSchema,
  confirmEmailSchema,
  emailConfirmedResponseSchema,
  emailOnlySchema,
  privateSignUpSchema,
  signUpAcceptedResponseSchema,
} from '@bluepeak/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { systemClock } from '../../lib/clock';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { altchaKeys, authRateLimits, createAltchaChallenge, humanCheck } from '../auth';
import { placeInBody, refuseBadPlace } from './bad-place-guard';
import type { NewClient } from './client-rows';
import { confirmEmail } from './confirm-email';
import { resendConfirmationLink, signUpClient } from './sign-up-client';

const ACCEPTED = { data: { status: 'confirmation_sent' as const } };

const signUpRoute = <Body extends z.ZodType>(summary: string, body: Body) => ({
  schema: { tags: ['auth'], summary, body, response: { 202: signUpAcceptedResponseSchema } },
  config: { rateLimit: authRateLimits.signUp },
  preValidation: refuseBadPlace(placeInBody, false),
});

/** A sign-up form's bot-check answer apart from the new client's data; the confirmation and consent are checked by the schema and not kept. */
function splitSignUpForm<
  Form extends { altcha: string; password_confirmation: string; accept_terms: unknown },
>(form: Form) {
  const { altcha, password_confirmation: _confirmation, accept_terms: _accepted, ...input } = form;
  return { altcha, input };
}

// Sign-up (/private-account, /business-account) and e-mail confirmation (/confirm/email).
export const authSignUpRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, linkKey, clock = systemClock } = options;
  const keys = altchaKeys(linkKey);

  const assertHuman = humanCheck({ db, enabled: config.botCheck, linkKey, clock });

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
        response: { 200: botCheckResponseSchema },
      },
    },
    async () => ({ data: { enabled: config.botCheck } }),
  );

  async function signUp(request: FastifyRequest, reply: FastifyReply, altcha: string, input: NewClient) {
    await assertHuman(request, altcha);
    await signUpClient(db, input, contextOf(request));
    return reply.status(202).send(ACCEPTED);
  }

  app.post(
    '/api/auth/signup/private',
    signUpRoute('Sign up as a private client', privateSignUpSchema),
    async (request, reply) => {
      const { altcha, input } = splitSignUpForm(request.body);
      return signUp(request, reply, altcha, { type: 'PRIVATE', ...input });
    },
  );

  app.post(
    '/api/auth/signup/business',
    signUpRoute('Sign up as a business client', businessSignUpSchema),
    async (request, reply) => {
      const { altcha, input } = splitSignUpForm(request.body);
      return signUp(request, reply, altcha, { type: 'CORPORATE', ...input });
    },
  );

  app.post(
    '/api/auth/confirm_email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the link hash',
        body: confirmEmailSchema,
        response: { 200: emailConfirmedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const answer = await confirmEmail(db, request.body.hash, {
        now: clock.now(),
        requestId: request.id,
        ip: request.ip,
      });
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/api/auth/confirm_email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation link again',
        body: emailOnlySchema,
        response: { 202: signUpAcceptedResponseSchema },
      },
      config: { rateLimit: authRateLimits.resend },
    },
    async (request, reply) => {
      const { limitedClientId } = await resendConfirmationLink(db, request.body.email, {
        publicUrl: config.publicUrl,
        now: clock.now(),
      });
      if (limitedClientId)
        request.log.info({ client: limitedClientId }, 'confirmation link not resent: per-address limit');
      return reply.status(202).send(ACCEPTED);
    },
  );

  function contextOf(request: FastifyRequest) {
    return { publicUrl: config.publicUrl, now: clock.now(), requestId: request.id, ip: request.ip };
  }
};
