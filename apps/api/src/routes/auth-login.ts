import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../auth/clock';
import { createSecretBox } from '../auth/secret-box';
import { CLIENT_COOKIE } from '../auth/session-rules';
import { clientLoginAccounts } from '../clients/client-login-accounts';
import { registerLoginRoutes } from './login-routes';
import type { AuthRouteOptions } from './route-options';

/** Clients' log-in, code, login_check, extend and logout (API.md "Authentication"). */
export const authLoginRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  registerLoginRoutes(app, {
    prefix: '/api/auth',
    tag: 'auth',
    cookieName: CLIENT_COOKIE,
    accounts: clientLoginAccounts,
    db: options.db,
    clock: options.clock ?? systemClock,
    totpBox: createSecretBox(options.linkKey, 'totp'),
    publicUrl: options.config.publicUrl,
  });
};
