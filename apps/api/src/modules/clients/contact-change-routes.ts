import {
  type ContactKind,
  contactChangeConfirmSchema,
  contactChangeStartedResponseSchema,
  emailChangedResponseSchema,
  emailChangeSchema,
  phoneChangedResponseSchema,
  phoneChangeSchema,
  type StepUpProof,
} from '@bluepeak/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { parseOptionalIdempotencyKey } from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, requireClient } from '../auth';
import { confirmOnce, verifyStepUp } from '../sca';
import { loadCaller } from './client-caller-guard';
import { assertChangeable, confirmContactChange, startContactChange } from './contact-change';
import type { SettingChange } from './security-settings';

// The log-in e-mail address and phone number, changed by the client (docs/security-settings.md,
// "The log-in e-mail and phone"): step-up first (/api/client/step_up with `email_change` or
// `phone_change`), then a code to the NEW address or number, which confirms the change.
export const clientContactChangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  const changeOf = async (request: FastifyRequest): Promise<SettingChange> => {
    if (!request.clientSession) throw new Error('route used without requireClient');
    return {
      db,
      client: await loadCaller(db, request),
      sessionId: request.clientSession.sessionId,
      now: clock.now(),
      requestId: request.id,
      ip: request.ip,
    };
  };

  const start = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ContactKind,
    value: string,
    proof: StepUpProof,
  ) => {
    const change = await changeOf(request);
    assertChangeable(change.client, { kind, value });
    const verified = await verifyStepUp(db, {
      client: change.client,
      action: kind === 'email' ? 'email_change' : 'phone_change',
      proof,
      now: change.now,
      ip: request.ip,
      requestId: request.id,
      totpBox,
    });
    const pending = await startContactChange(change, verified, { kind, value });
    return reply.status(202).send({ data: pending });
  };

  // A retry with the code that made the change gets the first answer (docs/idempotency.md).
  const confirm = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ContactKind,
    body: { challenge_id: string; code: string },
    answerOf: (value: string) => T,
  ) => {
    const change = await changeOf(request);
    const { challenge_id, code } = body;
    const answer = await confirmOnce<T>(
      db,
      {
        clientId: change.client.id,
        action: `${kind}-change-confirm`,
        code,
        request: { challenge_id, code },
        idempotencyKey: parseOptionalIdempotencyKey(request.headers['idempotency-key']),
        currentChallenge: async () => challenge_id,
      },
      (remember) =>
        confirmContactChange(change, kind, { challenge_id, code }, (tx, challengeId, value) =>
          remember(tx, challengeId, { status: 200, body: answerOf(value) }),
        ),
    );
    return sendAnswer(reply, answer);
  };

  app.post(
    '/api/client/email_change',
    {
      schema: {
        tags: ['client'],
        summary: 'Start changing the log-in e-mail address (after step-up): a code goes to the new address',
        body: emailChangeSchema,
        response: { 202: contactChangeStartedResponseSchema },
      },
      config: { rateLimit: authRateLimits.sendCode },
    },
    async (request, reply) => {
      const { new_email, ...proof } = request.body;
      return start(request, reply, 'email', new_email, proof);
    },
  );

  app.post(
    '/api/client/email_change/confirm',
    {
      schema: {
        tags: ['client'],
        summary: 'Change the log-in e-mail address with the code sent to the new address',
        body: contactChangeConfirmSchema,
        response: { 200: emailChangedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    (request, reply) =>
      confirm(request, reply, 'email', request.body, (email) => ({
        data: { email, email_confirmed: true as const },
      })),
  );

  app.post(
    '/api/client/phone_change',
    {
      schema: {
        tags: ['client'],
        summary:
          'Start changing the log-in phone number (after step-up): a code goes by SMS to the new number',
        body: phoneChangeSchema,
        response: { 202: contactChangeStartedResponseSchema },
      },
      config: { rateLimit: authRateLimits.sendCode },
    },
    async (request, reply) => {
      const { new_phone, ...proof } = request.body;
      return start(request, reply, 'phone', new_phone, proof);
    },
  );

  app.post(
    '/api/client/phone_change/confirm',
    {
      schema: {
        tags: ['client'],
        summary: 'Change the log-in phone number with the code sent by SMS to the new number',
        body: contactChangeConfirmSchema,
        response: { 200: phoneChangedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    (request, reply) =>
      confirm(request, reply, 'phone', request.body, (phone) => ({
        data: { phone, phone_verified: true as const },
      })),
  );
};
