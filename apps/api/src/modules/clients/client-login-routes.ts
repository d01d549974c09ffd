import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { CLIENT_COOKIE, humanCheck, registerLoginRoutes } from '../auth';
import { clientLoginAccounts } from './client-login-accounts';

/** Clients' log-in, code, login_check, extend and logout (docs/requirements/api-contract.md). */
export const authLoginRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const clock = options.clock ?? systemClock;
  registerLoginRoutes(app, {
    prefix: '/api/auth',
    tag: 'auth',
    cookieName: CLIENT_COOKIE,
    accounts: clientLoginAccounts,
    db: options.db,
    clock,
    totpBox: createSecretBox(options.linkKey, 'totp'),
    publicUrl: options.config.publicUrl,
    assertHuman: humanCheck({
      db: options.db,
      enabled: options.config.botCheck,
      linkKey: options.linkKey,
      clock,
    }),
  });
};
