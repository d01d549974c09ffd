import {
  escrowConditionParamsSchema,
  escrowDealResponseSchema,
  escrowDocumentsSchema,
  escrowIdParamsSchema,
  escrowListResponseSchema,
  escrowReasonSchema,
  fundEscrowSchema,
  proposeEscrowSchema,
} from '@bluepeak/core/escrow';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { attachmentBodyLimit } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../../plugins/session-auth';
import { parseIdempotencyKey, runIdempotent } from '../accounts';
import { attachmentStorageFor, checkAttachments } from '../attachments';
import { systemClock } from '../auth';
import { loadApprovedCaller } from '../clients';
import { findDeal, listDealsOfClient } from './escrow-rows';
import { dealView, toSummary } from './escrow-view';
import { agreeToRefund, disputeDeal, fundDeal, uploadConditionDocuments } from './party-actions';
import { answerProposal, proposeDeal } from './propose-deal';

// Escrow deals for their parties (docs/requirements/escrow.md, /dashboard/escrow): approved
// clients only; every lookup is bound to the caller being the buyer or the seller, so anyone
// else's deal is a 404. No route here moves held money.
export const clientEscrowRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  const actor = async (request: FastifyRequest) => {
    const client = await loadApprovedCaller(db, request);
    return { clientId: client.id, requestId: request.id, ip: request.ip };
  };
  const answer = async (id: string, clientId: string) => ({
    data: await dealView(db, id, clientId, clock.now()),
  });

  app.get(
    '/api/client/escrows',
    {
      schema: {
        tags: ['client'],
        summary: 'The escrow deals the client is a party of',
        response: { 200: escrowListResponseSchema },
      },
    },
    async (request) => {
      const { clientId } = await actor(request);
      return { data: (await listDealsOfClient(db, clientId)).map((row) => toSummary(row, clientId)) };
    },
  );

  app.post(
    '/api/client/escrows',
    {
      schema: {
        tags: ['client'],
        summary: 'Propose an escrow deal to another client, as its buyer or its seller',
        body: proposeEscrowSchema,
        response: { 201: escrowDealResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = await actor(request);
      const id = await withTransaction(db, (tx) => proposeDeal(tx, request.body, caller, clock.now()));
      return reply.code(201).send(await answer(id, caller.clientId));
    },
  );

  app.get(
    '/api/client/escrows/:id',
    {
      schema: {
        tags: ['client'],
        summary: 'One deal: its conditions and documents, money held, fees and timeline',
        params: escrowIdParamsSchema,
        response: { 200: escrowDealResponseSchema },
      },
    },
    async (request) => answer(request.params.id, (await actor(request)).clientId),
  );

  for (const step of ['accept', 'decline', 'cancel'] as const) {
    app.post(
      `/api/client/escrows/:id/${step}`,
      {
        schema: {
          tags: ['client'],
          summary:
            step === 'cancel'
              ? 'Withdraw a deal you proposed'
              : `${step === 'accept' ? 'Accept' : 'Decline'} a proposed deal`,
          params: escrowIdParamsSchema,
          response: { 200: escrowDealResponseSchema },
        },
      },
      async (request) => {
        const caller = await actor(request);
        await withTransaction(db, (tx) => answerProposal(tx, request.params.id, step, caller));
        return answer(request.params.id, caller.clientId);
      },
    );
  }

  app.post(
    '/api/client/escrows/:id/fund',
    {
      schema: {
        tags: ['client'],
        summary:
          "Fund an accepted deal from the buyer's account (Idempotency-Key required): the amount into escrow and the opening fee, in one ledger call",
        params: escrowIdParamsSchema,
        body: fundEscrowSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 200: escrowDealResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = await actor(request);
      // Another client's deal is a 404 before anything about the request is judged.
      await findDeal(db, request.params.id, caller.clientId);
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const result = await runIdempotent(
        db,
        { scope: `client:${caller.clientId}:escrow_fund:${request.params.id}`, key, request: request.body },
        async (tx) => {
          await fundDeal(tx, request.params.id, request.body.account_id, caller);
          return {
            status: 200,
            body: { data: await dealView(tx, request.params.id, caller.clientId, clock.now()) },
          };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).send(result.body);
    },
  );

  app.post(
    '/api/client/escrows/:id/conditions/:conditionId/documents',
    {
      schema: {
        tags: ['client'],
        summary: "Upload the documents a condition names, for the escrow officer's verification",
        params: escrowConditionParamsSchema,
        body: escrowDocumentsSchema,
        response: { 201: escrowDealResponseSchema },
      },
      bodyLimit: attachmentBodyLimit(5),
    },
    async (request, reply) => {
      const caller = await actor(request);
      const files = await checkAttachments(request.body.attachments);
      const ids = { deal: request.params.id, condition: request.params.conditionId };
      await withTransaction(db, (tx) => uploadConditionDocuments(tx, storage, ids, files, caller));
      return reply.code(201).send(await answer(request.params.id, caller.clientId));
    },
  );

  app.post(
    '/api/client/escrows/:id/dispute',
    {
      schema: {
        tags: ['client'],
        summary: 'Dispute a funded deal: it is held for the escrow officer',
        params: escrowIdParamsSchema,
        body: escrowReasonSchema,
        response: { 200: escrowDealResponseSchema },
      },
    },
    async (request) => {
      const caller = await actor(request);
      await withTransaction(db, (tx) => disputeDeal(tx, request.params.id, request.body.reason, caller));
      return answer(request.params.id, caller.clientId);
    },
  );

  app.post(
    '/api/client/escrows/:id/refund_agreement',
    {
      schema: {
        tags: ['client'],
        summary: 'Agree to refund the buyer; with both parties agreed the escrow desk may refund',
        params: escrowIdParamsSchema,
        response: { 200: escrowDealResponseSchema },
      },
    },
    async (request) => {
      const caller = await actor(request);
      await withTransaction(db, (tx) => agreeToRefund(tx, request.params.id, caller));
      return answer(request.params.id, caller.clientId);
    },
  );
};
