import { type StepStatusResponse, stepStatusResponseSchema, verifyCodeSchema } from '@bluepeak/core';
import { phoneCorrectionSchema } from '@bluepeak/core/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import { parseOptionalIdempotencyKey } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, callerClientId, requireClient } from '../auth';
import { confirmOnce } from '../sca';
import { clientActor, loadCaller } from './client-caller-guard';
import { phoneVerifiedBy } from './client-challenge-rows';
import { correctPhone, sendPhoneCode, verifyPhoneCode } from './verify-phone';

// Phone verification of the number given at sign-up, and its correction before then. The second
// factor's settings are in security-routes.ts, behind step-up.
export const clientVerificationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  const actorOf = clientActor;
  const caller = (request: FastifyRequest) => loadCaller(db, request);

  app.post(
    '/api/client/phone/send_code',
    {
      schema: {
        tags: ['client'],
        summary: 'Send a code by SMS to verify the phone',
        response: { 202: stepStatusResponseSchema },
      },
      config: { rateLimit: authRateLimits.sendCode },
    },
    async (request, reply) => {
      const client = await caller(request);
      await withTransaction(db, (tx) => sendPhoneCode(tx, client, clock.now()));
      return reply.status(202).send({ data: { status: 'code_sent' } });
    },
  );

  app.post(
    '/api/client/phone',
    {
      schema: {
        tags: ['client'],
        summary:
          'Correct the number given at sign-up while it is not verified; a code goes by SMS to the new one',
        body: phoneCorrectionSchema,
        response: { 202: stepStatusResponseSchema },
      },
      config: { rateLimit: authRateLimits.sendCode },
    },
    async (request, reply) => {
      const client = await caller(request);
      const context = { now: clock.now(), actor: actorOf(request) };
      await withTransaction(db, (tx) => correctPhone(tx, client, request.body.phone, context));
      return reply.status(202).send({ data: { status: 'code_sent' } });
    },
  );

  app.post(
    '/api/client/phone/verify',
    {
      schema: {
        tags: ['client'],
        summary: 'Verify the phone with the SMS code',
        body: verifyCodeSchema,
        response: { 200: stepStatusResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const clientId = callerClientId(request);
      const { code } = request.body;
      // A retry with the code that verified the phone gets the first answer (docs/idempotency.md).
      const answer = await confirmOnce<StepStatusResponse>(
        db,
        {
          clientId,
          action: 'phone-verify',
          code,
          request: { code },
          idempotencyKey: parseOptionalIdempotencyKey(request.headers['idempotency-key']),
          currentChallenge: () => phoneVerifiedBy(db, clientId),
        },
        (remember) =>
          verifyPhoneCode(db, clientId, code, {
            now: clock.now(),
            actor: actorOf(request),
            onVerified: (tx, challengeId) =>
              remember(tx, challengeId, { status: 200, body: { data: { status: 'phone_verified' } } }),
          }),
      );
      return sendAnswer(reply, answer);
    },
  );
};
