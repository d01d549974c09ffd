import {
  type AuthenticatorConfirmedResponse,
  authenticatorConfirmedResponseSchema,
  authenticatorSecretResponseSchema,
  recoveryCodesLeftResponseSchema,
  recoveryCodesRenewSchema,
  recoveryCodesResponseSchema,
  type StepUpAction,
  type StepUpProof,
  secondFactorChangeSchema,
  secondFactorResponseSchema,
  stepUpChallengeResponseSchema,
  stepUpRequestSchema,
  totpSetupSchema,
  verifyCodeSchema,
} from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { parseOptionalIdempotencyKey } from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, recoveryCodesLeft, requireClient, sha256 } from '../auth';
import { confirmOnce, issueStepUp, verifyStepUp } from '../sca';
import { loadCaller } from './client-caller-guard';
import type { ClientRow } from './client-rows';
import {
  changeCodeChannel,
  finishAuthenticator,
  renewRecoveryCodes,
  type SettingChange,
  startAuthenticator,
} from './security-settings';

// The second factor as a security setting: the authenticator app and how log-in codes arrive.
// Each change needs step-up (the password and a code from the current factor), asked for
// with /api/client/step_up (docs/security-settings.md).
export const clientSecurityRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }));

  const changeOf = (request: FastifyRequest, client: ClientRow): SettingChange => {
    if (!request.clientSession) throw new Error('route used without requireClient');
    return {
      db,
      client,
      sessionId: request.clientSession.sessionId,
      now: clock.now(),
      requestId: request.id,
      ip: request.ip,
    };
  };
  const stepUp = (request: FastifyRequest, client: ClientRow, action: StepUpAction, proof: StepUpProof) =>
    verifyStepUp(db, {
      client,
      action,
      proof,
      now: clock.now(),
      ip: request.ip,
      requestId: request.id,
      totpBox,
    });

  app.post(
    '/api/client/step_up',
    {
      schema: {
        tags: ['client'],
        summary:
          'Ask for a step-up code by the current factor, for one change of a security setting (no code is sent for an authenticator app)',
        body: stepUpRequestSchema,
        response: { 200: stepUpChallengeResponseSchema },
      },
      config: { rateLimit: authRateLimits.sendCode },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      const challenge = await withTransaction(db, (tx) =>
        issueStepUp(tx, client, request.body.action, clock.now()),
      );
      return { data: challenge };
    },
  );

  app.post(
    '/api/client/totp/setup',
    {
      schema: {
        tags: ['client'],
        summary:
          'Start setting up an authenticator app (after step-up): the otpauth URI, its QR code and the secret for typing in',
        body: totpSetupSchema,
        response: { 200: authenticatorSecretResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      const verified = await stepUp(request, client, 'totp_setup', request.body);
      return { data: await startAuthenticator(changeOf(request, client), verified, totpBox) };
    },
  );

  app.post(
    '/api/client/totp/confirm',
    {
      schema: {
        tags: ['client'],
        summary:
          'Finish the authenticator set-up with a first code from the new app; answers its ten recovery codes, once (null on a retried confirmation)',
        body: verifyCodeSchema,
        response: { 200: authenticatorConfirmedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      const { code } = request.body;
      // The set-up is named by its secret (pending, or moved into place by the first confirmation),
      // so a retry of this confirmation finds its first answer and a later set-up never does.
      const sealed = client.totp_pending_secret_encrypted ?? client.totp_secret_encrypted;
      const setup = sealed ? `totp-setup:${sha256(sealed).toString('hex')}` : null;
      const call = {
        clientId: client.id,
        action: 'totp-confirm',
        code,
        request: { code },
        idempotencyKey: parseOptionalIdempotencyKey(request.headers['idempotency-key']),
        currentChallenge: async () => setup,
      };
      // The answer kept for a retry leaves the recovery codes out: only their hashes are stored.
      // A client whose first answer was lost makes a new set.
      const kept: AuthenticatorConfirmedResponse = { data: { status: 'totp_set_up', recovery_codes: null } };
      let recoveryCodes: string[] | null = null;
      const answer = await confirmOnce<AuthenticatorConfirmedResponse>(db, call, async (remember) => {
        recoveryCodes = await finishAuthenticator(changeOf(request, client), code, totpBox, async (tx) => {
          if (setup) await remember(tx, setup, { status: 200, body: kept });
        });
      });
      if (answer.replayed) return sendAnswer(reply, answer);
      return sendAnswer(reply, {
        ...answer,
        body: { data: { ...kept.data, recovery_codes: recoveryCodes } },
      });
    },
  );

  app.get(
    '/api/client/totp/recovery_codes',
    {
      schema: {
        tags: ['client'],
        summary: "How many of the authenticator app's recovery codes are still unused",
        response: { 200: recoveryCodesLeftResponseSchema },
      },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      return { data: { remaining: await recoveryCodesLeft(db, { type: 'client', id: client.id }) } };
    },
  );

  app.post(
    '/api/client/totp/recovery_codes',
    {
      schema: {
        tags: ['client'],
        summary:
          'Make ten new recovery codes for the authenticator app (after step-up); the old ones stop working. Answered once',
        body: recoveryCodesRenewSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      if (client.second_factor !== 'totp')
        throw new AppError(
          'totp_not_set_up',
          'Recovery codes belong to an authenticator app: set one up first',
        );
      const verified = await stepUp(request, client, 'recovery_codes', request.body);
      return { data: { recovery_codes: await renewRecoveryCodes(changeOf(request, client), verified) } };
    },
  );

  // SMS as a log-in factor: the client picks e-mail or SMS codes; SMS needs the verified phone.
  // A client with an authenticator app may go back to codes by e-mail or SMS: the step-up
  // code then comes from the app, so only its holder can remove it.
  app.post(
    '/api/client/second_factor',
    {
      schema: {
        tags: ['client'],
        summary: 'Choose how log-in codes arrive (after step-up): by e-mail or by SMS to the verified phone',
        body: secondFactorChangeSchema,
        response: { 200: secondFactorResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request) => {
      const client = await loadCaller(db, request);
      const { factor, ...proof } = request.body;
      if (factor === 'sms' && !client.phone_verified_at)
        throw new AppError('phone_not_verified', 'Please verify your phone first');
      const verified = await stepUp(request, client, 'second_factor', proof);
      await changeCodeChannel(changeOf(request, client), verified, factor);
      return { data: { second_factor: factor } };
    },
  );
};
