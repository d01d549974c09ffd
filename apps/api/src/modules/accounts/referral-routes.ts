import { referralsResponseSchema } from '@bluepeak/core/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, requireClient } from '../auth';
import { findClientById } from '../clients';
import { listReferrals } from './list-referrals';

// The referral page (docs/requirements/accounts.md and docs/requirements/security.md): only clients
// with a referral_id have one.
export const clientReferralRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  app.get(
    '/api/client/referrals',
    {
      schema: {
        tags: ['client'],
        summary: "The client's referral link and the clients who signed up with it",
        response: { 200: referralsResponseSchema },
      },
    },
    async (request) => {
      const client = await findClientById(db, callerClientId(request));
      if (!client) throw new AppError('session_ended', 'Please log in again');
      if (!client.referral_id) throw new AppError('no_referral_id', 'You have no referral link');
      return {
        data: await listReferrals(db, { id: client.id, referral_id: client.referral_id }, config.publicUrl),
      };
    },
  );
};
