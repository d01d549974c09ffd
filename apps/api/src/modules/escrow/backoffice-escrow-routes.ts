import {
  escrowConditionDecisionSchema,
  escrowConditionParamsSchema,
  escrowDealResponseSchema,
  escrowDeskQuerySchema,
  escrowDocumentParamsSchema,
  escrowIdParamsSchema,
  escrowListResponseSchema,
  escrowProposalDecisionSchema,
  escrowProposalParamsSchema,
  escrowProposeActionSchema,
} from '@bluepeak/core/escrow';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/database';
import { actingOperator } from '../../lib/actor';
import { systemClock } from '../../lib/clock';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { attachmentStorageFor } from '../attachments';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { loadDealDocument } from './deal-documents';
import { decideCondition, decidePayout, proposePayout } from './desk-actions';
import { listDealsForDesk } from './escrow-rows';
import { dealView, toSummary } from './escrow-view';
import { answerStep, escrowStepHeadersSchema } from './step-guard';

// The escrow desk (docs/requirements/escrow.md): deals by status, the verification queue, and
// release or refund under four eyes. Payments and compliance operators (and administrators).
// Every decision takes an Idempotency-Key, scoped to the operator (step-guard.ts): a retry
// replays the first answer, and two operators deciding at once still meet the deal's lock.
export const backofficeEscrowRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const preValidation = requirePermission(db, 'manageEscrow');
  const actor = (request: FastifyRequest) => actingOperator(callerOperatorId(request), request);
  const storage = attachmentStorageFor(options.config);
  const answer = async (id: string) => ({ data: await dealView(db, id, null, clock.now()) });
  /** One decision of the desk, run once per key; its answer is the deal as it left it. */
  const step = (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { name: string; dealId: string; status: 200 | 201; act: (tx: Queryable) => Promise<unknown> },
  ) => {
    const call = {
      caller: `operator:${callerOperatorId(request)}`,
      step: input.name,
      request: { params: request.params, body: request.body ?? null },
      header: request.headers['idempotency-key'],
    };
    return answerStep(db, reply, call, async (tx) => {
      await input.act(tx);
      return { status: input.status, body: { data: await dealView(tx, input.dealId, null, clock.now()) } };
    });
  };

  app.get(
    '/api/backoffice/escrows',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Escrow deals by status, or the verification queue, or the payouts waiting for approval',
        querystring: escrowDeskQuerySchema,
        response: { 200: escrowListResponseSchema },
      },
      preValidation,
    },
    async (request) => ({
      data: (await listDealsForDesk(db, request.query.view)).map((row) => toSummary(row, null)),
    }),
  );

  app.get(
    '/api/backoffice/escrows/:id',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'One escrow deal with its conditions, documents, proposals and timeline',
        params: escrowIdParamsSchema,
        response: { 200: escrowDealResponseSchema },
      },
      preValidation,
    },
    async (request) => answer(request.params.id),
  );

  app.get(
    '/api/backoffice/escrows/:id/documents/:documentId',
    {
      schema: {
        tags: ['backoffice'],
        summary: "Download a document presented for one of the deal's conditions, to verify it",
        params: escrowDocumentParamsSchema,
      },
      preValidation,
    },
    async (request, reply) => {
      const ids = { dealId: request.params.id, documentId: request.params.documentId, clientId: null };
      return sendDocument(reply, await loadDealDocument(db, storage, ids));
    },
  );

  app.post(
    '/api/backoffice/escrows/:id/conditions/:conditionId/decision',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          "Find a condition met on its documents (charges the presenter's verification fee) or not (Idempotency-Key required)",
        params: escrowConditionParamsSchema,
        body: escrowConditionDecisionSchema,
        headers: escrowStepHeadersSchema,
        response: { 200: escrowDealResponseSchema },
      },
      preValidation,
    },
    async (request, reply) => {
      const ids = { deal: request.params.id, condition: request.params.conditionId };
      const decision = { approve: request.body.approve, reason: request.body.reason };
      return step(request, reply, {
        name: 'condition-decision',
        dealId: ids.deal,
        status: 200,
        act: (tx) => decideCondition(tx, ids, decision, actor(request), clock.now()),
      });
    },
  );

  app.post(
    '/api/backoffice/escrows/:id/proposals',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          'Propose to release the funds to the seller or refund the buyer; another operator approves (Idempotency-Key required)',
        params: escrowIdParamsSchema,
        body: escrowProposeActionSchema,
        headers: escrowStepHeadersSchema,
        response: { 201: escrowDealResponseSchema },
      },
      preValidation,
    },
    async (request, reply) =>
      step(request, reply, {
        name: 'payout-proposal',
        dealId: request.params.id,
        status: 201,
        act: (tx) => proposePayout(tx, request.params.id, request.body, actor(request), clock.now()),
      }),
  );

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(
      `/api/backoffice/escrows/:id/proposals/:proposalId/${verdict}`,
      {
        schema: {
          tags: ['backoffice'],
          summary: `${
            verdict === 'approve'
              ? 'Approve a payout proposed by another operator: the ledger pays it in one call'
              : 'Reject a proposed payout, with a reason'
          } (Idempotency-Key required)`,
          params: escrowProposalParamsSchema,
          body: escrowProposalDecisionSchema,
          headers: escrowStepHeadersSchema,
          response: { 200: escrowDealResponseSchema },
        },
        preValidation,
      },
      async (request, reply) => {
        const ids = { deal: request.params.id, proposal: request.params.proposalId };
        const decision = { approve: verdict === 'approve', reason: request.body.reason };
        return step(request, reply, {
          name: `payout-${verdict}`,
          dealId: ids.deal,
          status: 200,
          act: (tx) => decidePayout(tx, ids, decision, actor(request), clock.now()),
        });
      },
    );
  }
};
