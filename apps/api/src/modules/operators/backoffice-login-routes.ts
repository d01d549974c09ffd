import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { OPERATOR_COOKIE, registerLoginRoutes } from '../auth';
import { operatorLoginAccounts } from './operator-rows';

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
