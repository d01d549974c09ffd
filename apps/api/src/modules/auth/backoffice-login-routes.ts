import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { operatorLoginAccounts } from '../operators';
import { systemClock } from './clock';
import { registerLoginRoutes } from './login-routes';
import { createSecretBox } from './secret-box';
import { OPERATOR_COOKIE } from './session-rules';

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
