import { verifyCodeSchema } from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAuditEntry } from '../audit/write-audit-entry';
import { systemClock } from '../auth/clock';
import { authRateLimits } from '../auth/rate-limits';
import { createSecretBox } from '../auth/secret-box';
import { newTotpSecret, totpEnrolment, verifyTotp } from '../auth/totp';
import { findClientById } from '../clients/client-rows';
import { CODE_INVALID_MESSAGE, sendPhoneCode, verifyPhoneCode } from '../clients/verify-phone';
import { withTransaction } from '../db/transaction';
import { AppError } from '../lib/app-error';
import { callerClientId, requireClient } from '../plugins/session-auth';
import type { AuthRouteOptions } from './route-options';

const done = z.object({ data: z.object({ status: z.string() }) });

// Phone verification and the authenticator app (TOTP) set-up of onboarding.
export const clientVerificationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  const actorOf = (request: FastifyRequest) => ({
    actorType: 'client' as const,
    actorId: callerClientId(request),
    requestId: request.id,
    ip: request.ip,
  });
  async function caller(request: FastifyRequest) {
    const client = await findClientById(db, callerClientId(request));
    if (!client) throw new AppError(401, 'session_ended', 'Please log in again');
    return client;
  }

  app.post(
    '/api/client/phone/send_code',
    {
      schema: {
        tags: ['client'],
        summary: 'Send a code by SMS to verify the phone',
        response: { 202: done },
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
    '/api/client/phone/verify',
    {
      schema: {
        tags: ['client'],
        summary: 'Verify the phone with the SMS code',
        body: verifyCodeSchema,
        response: { 200: done },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      await verifyPhoneCode(db, callerClientId(request), request.body.code, {
        now: clock.now(),
        actor: actorOf(request),
      });
      return { data: { status: 'phone_verified' } };
    },
  );

  app.post(
    '/api/client/totp/setup',
    {
      schema: {
        tags: ['client'],
        summary:
          'Start setting up an authenticator app: the otpauth URI, its QR code and the secret for typing in',
        response: {
          200: z.object({
            data: z.object({ otpauth_uri: z.string(), qr_code: z.string(), secret: z.string() }),
          }),
        },
      },
    },
    async (request) => {
      const client = await caller(request);
      // Replacing a working authenticator would need strong authentication first (T6), so it is refused here.
      if (client.totp_confirmed_at)
        throw new AppError(409, 'totp_already_set_up', 'An authenticator app is already set up');
      const secret = newTotpSecret();
      await db.query('UPDATE clients SET totp_secret_encrypted = $2 WHERE id = $1', [
        client.id,
        totpBox.seal(secret),
      ]);
      const enrolment = await totpEnrolment(secret, client.email);
      return { data: { otpauth_uri: enrolment.uri, qr_code: enrolment.qrDataUrl, secret } };
    },
  );

  app.post(
    '/api/client/totp/confirm',
    {
      schema: {
        tags: ['client'],
        summary: 'Finish the authenticator set-up with a first code',
        body: verifyCodeSchema,
        response: { 200: done },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const client = await caller(request);
      if (client.totp_confirmed_at)
        throw new AppError(409, 'totp_already_set_up', 'An authenticator app is already set up');
      if (!client.totp_secret_encrypted)
        throw new AppError(409, 'totp_not_started', 'Start the set-up first');
      const now = clock.now();
      const step = verifyTotp(totpBox.open(client.totp_secret_encrypted), request.body.code, now, null);
      if (step === null)
        throw new AppError(422, 'code_invalid', CODE_INVALID_MESSAGE, { detail: CODE_INVALID_MESSAGE });
      await withTransaction(db, async (tx) => {
        await tx.query(
          `UPDATE clients SET totp_confirmed_at = $2, totp_last_counter = $3, second_factor = 'totp', updated_at = $2 WHERE id = $1`,
          [client.id, now, step],
        );
        await writeAuditEntry(tx, {
          ...actorOf(request),
          action: 'client.totp_set_up',
          objectType: 'client',
          objectId: client.id,
        });
      });
      return { data: { status: 'totp_set_up' } };
    },
  );
};
