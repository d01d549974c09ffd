import {
  escrowChangeParamsSchema,
  escrowDealResponseSchema,
  escrowIdParamsSchema,
  proposeEscrowChangeSchema,
} from '@bluepeak/core/escrow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../auth';
import { answerChange, proposeChange } from './deal-changes';
import { clientStep, escrowStepHeadersSchema } from './step-guard';

// Changes to a running deal for its parties (docs/requirements/escrow.md, "Changes"): asking holds
// the tariff's change fee from the requester's account, the other party declines (or accepts with
// a one-time code: client-escrow-consent-routes.ts), the requester may withdraw. Each takes an
// Idempotency-Key (step-guard.ts). Another client's deal is a 404.
export const clientEscrowChangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  const step = clientStep(db, clock);

  app.post(
    '/api/client/escrows/:id/changes',
    {
      schema: {
        tags: ['client'],
        summary:
          "Ask for a change to a running deal (Idempotency-Key required): the change fee is held from the requester's account until the other party answers",
        params: escrowIdParamsSchema,
        body: proposeEscrowChangeSchema,
        headers: escrowStepHeadersSchema,
        response: { 201: escrowDealResponseSchema },
      },
    },
    async (request, reply) =>
      step(request, reply, {
        name: 'change',
        dealId: request.params.id,
        status: 201,
        act: (tx, actor) => proposeChange(tx, request.params.id, request.body, actor, clock.now()),
      }),
  );

  for (const answer of ['decline', 'withdraw'] as const) {
    app.post(
      `/api/client/escrows/:id/changes/:changeId/${answer}`,
      {
        schema: {
          tags: ['client'],
          summary: `${
            answer === 'decline'
              ? "Decline the other party's change: the requester's fee is given back"
              : 'Withdraw a change you asked for: your fee is given back'
          } (Idempotency-Key required)`,
          params: escrowChangeParamsSchema,
          headers: escrowStepHeadersSchema,
          response: { 200: escrowDealResponseSchema },
        },
      },
      async (request, reply) => {
        const ids = { deal: request.params.id, change: request.params.changeId };
        return step(request, reply, {
          name: `change-${answer}`,
          dealId: ids.deal,
          status: 200,
          act: (tx, actor) => answerChange(tx, ids, answer, actor, clock.now()),
        });
      },
    );
  }
};
