import {
  escrowConditionParamsSchema,
  escrowDealResponseSchema,
  escrowDocumentParamsSchema,
  escrowDocumentsSchema,
  escrowIdParamsSchema,
  escrowListResponseSchema,
  escrowReasonSchema,
  proposeEscrowSchema,
} from '@bluepeak/core/escrow';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { attachmentBodyLimit, sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { attachmentStorageFor, checkAttachments } from '../attachments';
import { requireClient } from '../auth';
import { loadApprovedCaller } from '../clients';
import { clientEscrowConsentRoutes } from './client-escrow-consent-routes';
import { checkConditionUpload } from './condition-upload-check';
import { loadDealDocument } from './deal-documents';
import { listDealsOfClient } from './escrow-rows';
import { dealView, toSummary } from './escrow-view';
import { disputeDeal, uploadConditionDocuments } from './party-actions';
import { answerProposal, proposeDeal } from './propose-deal';
import { clientStep, escrowStepHeadersSchema } from './step-guard';

// Escrow deals for their parties (docs/requirements/escrow.md, /dashboard/escrow): approved
// clients only; every lookup is bound to the caller being the buyer or the seller, so anyone
// else's deal is a 404. No route here moves held money. Every step takes an Idempotency-Key
// (step-guard.ts); funding and agreeing to a refund also carry a one-time code
// (client-escrow-consent-routes.ts).
export const clientEscrowRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  await app.register(clientEscrowConsentRoutes, options);
  const callerId = async (request: FastifyRequest) => (await loadApprovedCaller(db, request)).id;
  const step = clientStep(db, clock);

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
      const clientId = await callerId(request);
      return { data: (await listDealsOfClient(db, clientId)).map((row) => toSummary(row, clientId)) };
    },
  );

  app.post(
    '/api/client/escrows',
    {
      schema: {
        tags: ['client'],
        summary:
          'Propose an escrow deal to another client, as its buyer or its seller (Idempotency-Key required)',
        body: proposeEscrowSchema,
        headers: escrowStepHeadersSchema,
        response: { 201: escrowDealResponseSchema },
      },
    },
    async (request, reply) =>
      step(request, reply, {
        name: 'propose',
        status: 201,
        act: (tx, caller) => proposeDeal(tx, request.body, caller, clock.now()),
      }),
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
    async (request) => ({
      data: await dealView(db, request.params.id, await callerId(request), clock.now()),
    }),
  );

  app.get(
    '/api/client/escrows/:id/documents/:documentId',
    {
      schema: {
        tags: ['client'],
        summary: "Download a document presented for one of the deal's conditions (either party)",
        params: escrowDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const ids = { dealId: request.params.id, documentId: request.params.documentId };
      return sendDocument(
        reply,
        await loadDealDocument(db, storage, { ...ids, clientId: await callerId(request) }),
      );
    },
  );

  for (const name of ['accept', 'decline', 'cancel'] as const) {
    app.post(
      `/api/client/escrows/:id/${name}`,
      {
        schema: {
          tags: ['client'],
          summary: `${
            name === 'cancel'
              ? 'Withdraw a deal you proposed'
              : `${name === 'accept' ? 'Accept' : 'Decline'} a proposed deal`
          } (Idempotency-Key required)`,
          params: escrowIdParamsSchema,
          headers: escrowStepHeadersSchema,
          response: { 200: escrowDealResponseSchema },
        },
      },
      async (request, reply) =>
        step(request, reply, {
          name,
          dealId: request.params.id,
          status: 200,
          act: (tx, caller) => answerProposal(tx, request.params.id, name, caller),
        }),
    );
  }

  app.post(
    '/api/client/escrows/:id/conditions/:conditionId/documents',
    {
      schema: {
        tags: ['client'],
        summary:
          "Upload the documents of a condition you present, for the escrow officer's verification (Idempotency-Key required)",
        params: escrowConditionParamsSchema,
        body: escrowDocumentsSchema,
        headers: escrowStepHeadersSchema,
        response: { 201: escrowDealResponseSchema },
      },
      bodyLimit: attachmentBodyLimit(5),
    },
    async (request, reply) => {
      const ids = { deal: request.params.id, condition: request.params.conditionId };
      return step(request, reply, {
        name: 'documents',
        dealId: ids.deal,
        status: 201,
        // The files are checked last: only for the condition's presenter, and once per key (a
        // replay answers from the key without running this; a refusal frees the key).
        act: async (tx, caller) => {
          await checkConditionUpload(tx, ids, caller.clientId);
          const files = await checkAttachments(request.body.attachments);
          return uploadConditionDocuments(tx, storage, ids, files, caller);
        },
      });
    },
  );

  app.post(
    '/api/client/escrows/:id/dispute',
    {
      schema: {
        tags: ['client'],
        summary: 'Dispute a funded deal: it is held for the escrow officer (Idempotency-Key required)',
        params: escrowIdParamsSchema,
        body: escrowReasonSchema,
        headers: escrowStepHeadersSchema,
        response: { 200: escrowDealResponseSchema },
      },
    },
    async (request, reply) =>
      step(request, reply, {
        name: 'dispute',
        dealId: request.params.id,
        status: 200,
        act: (tx, caller) => disputeDeal(tx, request.params.id, request.body.reason, caller),
      }),
  );
};
