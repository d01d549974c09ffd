import { secondFactorChangeSchema, verifyCodeSchema } from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOptionalIdempotencyKey } from '../accounts';
import { writeAuditEntry } from '../audit/write-audit-entry';
import { codeChannelChangedMessage } from '../auth/auth-messages';
import { systemClock } from '../auth/clock';
import { verifyPassword } from '../auth/password-hash';
import { authRateLimits } from '../auth/rate-limits';
import { createSecretBox } from '../auth/secret-box';
import { sha256 } from '../auth/secret-tokens';
import { newTotpSecret, totpEnrolment, verifyTotp } from '../auth/totp';
import { CODE_INVALID_MESSAGE, sendPhoneCode, verifyPhoneCode } from '../clients/verify-phone';
import { withTransaction } from '../db/transaction';
import { AppError } from '../lib/app-error';
import { enqueueMessage } from '../outbox/enqueue-message';
import { callerClientId, requireClient } from '../plugins/session-auth';
import { confirmOnce } from '../sca/confirm-replay';
import { clientActor, loadCaller } from './client-caller';
import type { AuthRouteOptions } from './route-options';

const done = z.object({ data: z.object({ status: z.string() }) });

// Phone verification, the authenticator app (TOTP) set-up, and how log-in codes are sent.
export const clientVerificationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  const actorOf = clientActor;
  const caller = (request: FastifyRequest) => loadCaller(db, request);

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
        summary:
          'Finish the authenticator set-up with a first code; a retry with the same code gets the first answer',
        body: verifyCodeSchema,
        response: { 200: done },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const idempotencyKey = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await caller(request);
      const sealed = client.totp_secret_encrypted;
      // The set-up is named by its secret, so a later set-up never meets this one's answer.
      const setup = sealed ? `totp-setup:${sha256(sealed).toString('hex')}` : null;
      const { code } = request.body;
      const call = { clientId: client.id, action: 'totp-confirm', code, request: { code }, idempotencyKey };
      const answer = await confirmOnce<z.infer<typeof done>>(
        db,
        { ...call, currentChallenge: async () => setup },
        async (remember) => {
          if (client.totp_confirmed_at)
            throw new AppError(409, 'totp_already_set_up', 'An authenticator app is already set up');
          if (!sealed || !setup) throw new AppError(409, 'totp_not_started', 'Start the set-up first');
          const now = clock.now();
          const step = verifyTotp(totpBox.open(sealed), code, now, null);
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
            await remember(tx, setup, { status: 200, body: { data: { status: 'totp_set_up' } } });
          });
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  // SMS as a log-in factor: the client picks e-mail or SMS codes. The password is asked again
  // (re-authentication before changing the second factor, RELIABILITY.md T6), SMS needs the
  // verified phone, and the e-mail address hears of the change.
  app.post(
    '/api/client/second_factor',
    {
      schema: {
        tags: ['client'],
        summary: 'Choose how log-in codes arrive: by e-mail or by SMS to the verified phone',
        body: secondFactorChangeSchema,
        response: { 200: z.object({ data: z.object({ second_factor: z.enum(['email', 'sms']) }) }) },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const client = await caller(request);
      const { factor } = request.body;
      if (!(await verifyPassword(request.body.current_password, client.password_hash))) {
        throw new AppError(422, 'current_password_incorrect', 'The current password is not correct', {
          detail: 'The current password is not correct.',
        });
      }
      if (client.totp_confirmed_at)
        throw new AppError(409, 'totp_set_up', 'Log-in codes come from your authenticator app');
      if (factor === 'sms' && !client.phone_verified_at)
        throw new AppError(409, 'phone_not_verified', 'Please verify your phone first');
      if (client.second_factor !== factor) {
        await withTransaction(db, async (tx) => {
          const now = clock.now();
          await tx.query('UPDATE clients SET second_factor = $2, updated_at = $3 WHERE id = $1', [
            client.id,
            factor,
            now,
          ]);
          await enqueueMessage(tx, codeChannelChangedMessage(client.email, factor));
          await writeAuditEntry(tx, {
            ...actorOf(request),
            action: 'client.second_factor_changed',
            objectType: 'client',
            objectId: client.id,
            details: { from: client.second_factor, to: factor },
          });
        });
      }
      return { data: { second_factor: factor } };
    },
  );
};
