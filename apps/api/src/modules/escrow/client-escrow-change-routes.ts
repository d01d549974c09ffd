import {
  escrowChangeParamsSchema,
  escrowCodeSchema,
  escrowDealResponseSchema,
  escrowIdParamsSchema,
  proposeEscrowChangeSchema,
} from '@bluepeak/core/escrow';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../../plugins/session-auth';
import { parseIdempotencyKey, parseOptionalIdempotencyKey, runIdempotent } from '../accounts';
import { authRateLimits, createSecretBox, systemClock } from '../auth';
import { loadApprovedCaller } from '../clients';
import { answerChange, findChange, proposeChange, refuseAnswer } from './deal-changes';
import { confirmConsent } from './escrow-consent';
import { findDeal, sideOf } from './escrow-rows';
import { dealView } from './escrow-view';
import { requireStatus } from './propose-deal';

// Changes to a running deal for its parties (docs/requirements/escrow.md, "Changes"): asking holds
// the tariff's change fee from the requester's account (Idempotency-Key required), the other party
// accepts with a one-time code or declines, the requester may withdraw. Another client's deal is a 404.
export const clientEscrowChangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  const actorOf = (clientId: string, request: FastifyRequest) => ({
    clientId,
    requestId: request.id,
    ip: request.ip,
  });

  app.post(
    '/api/client/escrows/:id/changes',
    {
      schema: {
        tags: ['client'],
        summary:
          "Ask for a change to a running deal (Idempotency-Key required): the change fee is held from the requester's account until the other party answers",
        params: escrowIdParamsSchema,
        body: proposeEscrowChangeSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 201: escrowDealResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await loadApprovedCaller(db, request);
      await findDeal(db, request.params.id, client.id);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const result = await runIdempotent(
        db,
        { scope: `client:${client.id}:escrow_change:${request.params.id}`, key, request: request.body },
        async (tx) => {
          const now = clock.now();
          await proposeChange(tx, request.params.id, request.body, actorOf(client.id, request), now);
          return { status: 201, body: { data: await dealView(tx, request.params.id, client.id, now) } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.body);
    },
  );

  app.post(
    '/api/client/escrows/:id/changes/:changeId/accept',
    {
      schema: {
        tags: ['client'],
        summary:
          "Accept the other party's change with a code: the deal changes and the requester pays the fee",
        params: escrowChangeParamsSchema,
        body: escrowCodeSchema,
        response: { 200: escrowDealResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await loadApprovedCaller(db, request);
      const ids = { deal: request.params.id, change: request.params.changeId };
      await findDeal(db, ids.deal, client.id);
      const outcome = await confirmConsent(db, {
        client,
        dealId: ids.deal,
        step: { step: 'accept_change', change_id: ids.change },
        code: request.body.code,
        idempotencyKey: parseOptionalIdempotencyKey(request.headers['idempotency-key']),
        now: () => clock.now(),
        totpBox,
        check: async (reader, deal) => {
          requireStatus(deal, 'accepted', 'funded', 'disputed');
          refuseAnswer(await findChange(reader, deal.id, ids.change), sideOf(deal, client.id), 'accept');
        },
        act: (tx) => answerChange(tx, ids, 'accept', actorOf(client.id, request), clock.now()),
        answerOf: async (tx) => ({ data: await dealView(tx, ids.deal, client.id, clock.now()) }),
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).send(outcome.body);
    },
  );

  for (const answer of ['decline', 'withdraw'] as const) {
    app.post(
      `/api/client/escrows/:id/changes/:changeId/${answer}`,
      {
        schema: {
          tags: ['client'],
          summary:
            answer === 'decline'
              ? "Decline the other party's change: the requester's fee is given back"
              : 'Withdraw a change you asked for: your fee is given back',
          params: escrowChangeParamsSchema,
          response: { 200: escrowDealResponseSchema },
        },
      },
      async (request) => {
        const client = await loadApprovedCaller(db, request);
        const ids = { deal: request.params.id, change: request.params.changeId };
        await withTransaction(db, (tx) =>
          answerChange(tx, ids, answer, actorOf(client.id, request), clock.now()),
        );
        return { data: await dealView(db, ids.deal, client.id, clock.now()) };
      },
    );
  }
};
