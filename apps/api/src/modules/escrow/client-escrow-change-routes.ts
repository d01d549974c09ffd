import {
  escrowChangeParamsSchema,
  escrowCodeSchema,
  escrowDealResponseSchema,
  escrowIdParamsSchema,
  proposeEscrowChangeSchema,
} from '@bluepeak/core/escrow';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../../plugins/session-auth';
import { parseIdempotencyKey } from '../accounts';
import { authRateLimits, createSecretBox, systemClock } from '../auth';
import { loadApprovedCaller } from '../clients';
import { answerChange, proposeChange } from './deal-changes';
import { confirmConsent } from './escrow-consent';
import { findDeal } from './escrow-rows';
import { dealView } from './escrow-view';
import { type ClientActor, clientStep, escrowStepHeadersSchema } from './step-guard';

// Changes to a running deal for its parties (docs/requirements/escrow.md, "Changes"): asking holds
// the tariff's change fee from the requester's account, the other party accepts with a one-time
// code or declines, the requester may withdraw. Each takes an Idempotency-Key (step-guard.ts).
// Another client's deal is a 404.
export const clientEscrowChangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  /** The caller, once the deal is known to be theirs: another client's deal is a 404 first. */
  const partyOf = async (request: FastifyRequest, dealId: string) => {
    const client = await loadApprovedCaller(db, request);
    await findDeal(db, dealId, client.id);
    const actor: ClientActor = { clientId: client.id, requestId: request.id, ip: request.ip };
    return { client, actor };
  };
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

  app.post(
    '/api/client/escrows/:id/changes/:changeId/accept',
    {
      schema: {
        tags: ['client'],
        summary:
          "Accept the other party's change with a code (Idempotency-Key required): the deal changes and the requester pays the fee",
        params: escrowChangeParamsSchema,
        body: escrowCodeSchema,
        headers: escrowStepHeadersSchema,
        response: { 200: escrowDealResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const ids = { deal: request.params.id, change: request.params.changeId };
      const { client, actor } = await partyOf(request, ids.deal);
      const outcome = await confirmConsent(db, {
        client,
        dealId: ids.deal,
        step: { step: 'accept_change', change_id: ids.change },
        code: request.body.code,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
        now: () => clock.now(),
        totpBox,
        act: (tx) => answerChange(tx, ids, 'accept', actor, clock.now()),
        answerOf: async (tx) => ({ data: await dealView(tx, ids.deal, client.id, clock.now()) }),
      });
      return sendAnswer(reply, outcome);
    },
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
