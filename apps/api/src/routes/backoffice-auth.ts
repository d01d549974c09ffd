import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../auth/clock';
import { createSecretBox } from '../auth/secret-box';
import { OPERATOR_COOKIE } from '../auth/session-rules';
import { operatorLoginAccounts } from '../operators/operator-rows';
import { registerLoginRoutes } from './login-routes';
import type { AuthRouteOptions } from './route-options';

/** Operators' log-in: the clients' flow under /api/backoffice/auth with the `bp__operator_token` cookie. */
export const backofficeAuthRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  registerLoginRoutes(app, {
    prefix: '/api/backoffice/auth',
    tag: 'backoffice',
    cookieName: OPERATOR_COOKIE,
    accounts: operatorLoginAccounts,
    db: options.db,
    clock: options.clock ?? systemClock,
    totpBox: createSecretBox(options.linkKey, 'totp'),
    publicUrl: options.config.publicUrl,
  });
};
