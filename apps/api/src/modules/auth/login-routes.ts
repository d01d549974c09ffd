import {
  loggedOutResponseSchema,
  loginChallengeResponseSchema,
  loginSchema,
  loginVerifiedResponseSchema,
  loginVerifySchema,
  sessionStateResponseSchema,
} from '@bluepeak/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { clearSessionCookie, setSessionCookie } from '../../lib/cookies';
import type { SecretBox } from '../../lib/secret-box';
import { writeAuditEntry } from '../audit';
import type { HumanCheck } from './bot-check-guard';
import type { LoginAccounts } from './login-accounts';
import { startLogin, verifyLogin } from './login-flow';
import { authRateLimits } from './rate-limits';
import { assertSameOrigin, authenticate, tokenOf } from './session-guard';
import { endSession } from './session-rows';
import { SESSION_ABSOLUTE_SECONDS } from './session-rules';
import { resolveSession } from './sessions';

// The log-in routes of docs/requirements/api-contract.md, written once for both principals: clients
// under /api/auth, operators under /api/backoffice/auth, each with its own cookie and token
// carrier.
export type LoginRouteSettings = {
  prefix: string;
  tag: string;
  cookieName: string;
  accounts: LoginAccounts;
  db: Database;
  clock: Clock;
  totpBox: SecretBox;
  publicUrl: string;
  /** The public site's bot check; the back office's log-in has none. */
  assertHuman?: HumanCheck;
};

export function registerLoginRoutes(app: FastifyInstance, settings: LoginRouteSettings) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, tag, db, clock, accounts } = settings;
  const deps = { db, clock, accounts, totpBox: settings.totpBox };
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
  });

  routes.post(
    `${prefix}/login`,
    {
      schema: {
        tags: [tag],
        summary: 'Log in, step 1: e-mail and password; a one-time code goes out by the second factor',
        body: loginSchema,
        response: { 200: loginChallengeResponseSchema },
      },
      config: { rateLimit: authRateLimits.login },
    },
    async (request) => {
      await settings.assertHuman?.(request, request.body.altcha);
      return { data: await startLogin(deps, request.body.email, request.body.password, meta(request)) };
    },
  );

  routes.post(
    `${prefix}/login/verify`,
    {
      schema: {
        tags: [tag],
        summary: 'Log in, step 2: the one-time code; answers the session token and sets the cookie',
        body: loginVerifySchema,
        response: { 200: loginVerifiedResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const session = await verifyLogin(deps, request.body.challenge_id, request.body.code, meta(request));
      setSessionCookie(reply, request, {
        name: settings.cookieName,
        value: session.token,
        maxAgeSeconds: SESSION_ABSOLUTE_SECONDS,
        publicUrl: settings.publicUrl,
      });
      return { data: { token: session.token } };
    },
  );

  // A status probe: it does not count as activity, so polling it cannot defeat the idle timeout.
  routes.get(
    `${prefix}/login_check`,
    {
      schema: {
        tags: [tag],
        summary: 'Whether the session is alive (200) or not (401)',
        response: { 200: sessionStateResponseSchema },
      },
    },
    async (request) => stateOf(await authenticate(request, { db, clock }, accounts.principalType, false)),
  );

  // The warning dialog's "stay logged in": any request counts as activity, this one does nothing else.
  routes.post(
    `${prefix}/session/extend`,
    {
      schema: {
        tags: [tag],
        summary: 'Extend the idle timeout of the session',
        response: { 200: sessionStateResponseSchema },
      },
    },
    async (request) => stateOf(await authenticate(request, { db, clock }, accounts.principalType, true)),
  );

  routes.post(
    `${prefix}/logout`,
    {
      schema: {
        tags: [tag],
        summary: 'End the session on the server and clear its cookie',
        response: { 200: loggedOutResponseSchema },
      },
    },
    async (request, reply) => {
      const carried = tokenOf(request, accounts.principalType);
      // Another site cannot log the client out either: a cookie-carried log-out from a foreign
      // origin is refused before the session is touched.
      if (carried?.via === 'cookie') assertSameOrigin(request);
      const session =
        carried && (await resolveSession(db, carried.token, accounts.principalType, clock.now(), false));
      if (session) {
        await endSession(db, session.sessionId, 'logout', clock.now());
        await writeAuditEntry(db, {
          actorType: accounts.principalType,
          actorId: session.principal.id,
          action: `${accounts.principalType}.logged_out`,
          objectType: 'session',
          objectId: session.sessionId,
          requestId: request.id,
          ip: request.ip,
        });
      }
      clearSessionCookie(reply, request, settings.cookieName, settings.publicUrl);
      return { data: { logged_out: true as const } };
    },
  );
}

function stateOf(session: { idleExpiresAt: Date; expiresAt: Date }) {
  return {
    data: {
      alive: true as const,
      idle_expires_at: session.idleExpiresAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    },
  };
}
