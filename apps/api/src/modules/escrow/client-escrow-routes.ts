import {
  type EscrowDeal,
  escrowCodeRequestSchema,
  escrowCodeResponseSchema,
  escrowCodeSchema,
  escrowConditionParamsSchema,
  escrowDealResponseSchema,
  escrowDocumentsSchema,
  escrowIdParamsSchema,
  escrowListResponseSchema,
  escrowReasonSchema,
  fundEscrowSchema,
  proposeEscrowSchema,
} from '@bluepeak/core/escrow';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { attachmentBodyLimit } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../../plugins/session-auth';
import { parseIdempotencyKey, parseOptionalIdempotencyKey } from '../accounts';
import { attachmentStorageFor, checkAttachments } from '../attachments';
import { authRateLimits, createSecretBox, systemClock } from '../auth';
import { type ClientRow, loadApprovedCaller } from '../clients';
import type { ConfirmOutcome } from '../sca';
import { type ConsentStep, confirmConsent, sendConsentCode } from './escrow-consent';
import { type DealRow, findDeal, listDealsOfClient } from './escrow-rows';
import { dealView, toSummary } from './escrow-view';
import {
  agreeToRefund,
  disputeDeal,
  fundableAccount,
  fundDeal,
  refundAgreeable,
  uploadConditionDocuments,
} from './party-actions';
import { answerProposal, proposeDeal } from './propose-deal';

// Escrow deals for their parties (docs/requirements/escrow.md, /dashboard/escrow): approved
// clients only; every lookup is bound to the caller being the buyer or the seller, so anyone
// else's deal is a 404. No route here moves held money. Funding and agreeing to a refund carry
// a one-time code asked for at /code (escrow-consent.ts).
export const clientEscrowRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, linkKey, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  const actor = async (request: FastifyRequest) => {
    const client = await loadApprovedCaller(db, request);
    return { clientId: client.id, requestId: request.id, ip: request.ip };
  };
  const answer = async (id: string, clientId: string) => ({
    data: await dealView(db, id, clientId, clock.now()),
  });
  /** Runs a consent step once its code checks out; the answer is the deal as it is then. */
  const consent = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      client: ClientRow;
      step: ConsentStep;
      code: string;
      key: string | undefined;
      act: (tx: Queryable) => Promise<void>;
      check: (db: Queryable, deal: DealRow) => Promise<unknown>;
    },
  ) => {
    const dealId = (request.params as { id: string }).id;
    const outcome: ConfirmOutcome<{ data: EscrowDeal }> = await confirmConsent(db, {
      client: input.client,
      dealId,
      step: input.step,
      code: input.code,
      idempotencyKey: input.key,
      now: () => clock.now(),
      totpBox,
      check: input.check,
      act: input.act,
      answerOf: async (tx) => ({ data: await dealView(tx, dealId, input.client.id, clock.now()) }),
    });
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(200).send(outcome.body);
  };
  const actorOf = (client: ClientRow, request: FastifyRequest) => ({
    clientId: client.id,
    requestId: request.id,
    ip: request.ip,
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
    '/api/client/escrows/:id/code',
    {
      schema: {
        tags: ['client'],
        summary: 'Send the one-time code for a consent: funding, agreeing to a refund, accepting a change',
        params: escrowIdParamsSchema,
        body: escrowCodeRequestSchema,
        response: { 201: escrowCodeResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await loadApprovedCaller(db, request);
      const sca = await withTransaction(db, (tx) =>
        sendConsentCode(tx, { client, dealId: request.params.id, step: request.body, now: clock.now() }),
      );
      return reply.code(201).send({ data: sca });
    },
  );

  app.post(
    '/api/client/escrows/:id/fund',
    {
      schema: {
        tags: ['client'],
        summary:
          "Fund an accepted deal from the buyer's account with its code (Idempotency-Key required): the amount into escrow and the opening fee, in one ledger call",
        params: escrowIdParamsSchema,
        body: fundEscrowSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 200: escrowDealResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await loadApprovedCaller(db, request);
      // Another client's deal is a 404 before anything about the request is judged.
      await findDeal(db, request.params.id, client.id);
      const { account_id: accountId, code } = request.body;
      return consent(request, reply, {
        client,
        step: { step: 'fund', account_id: accountId },
        code,
        key: parseIdempotencyKey(request.headers['idempotency-key']),
        check: (reader, deal) => fundableAccount(reader, deal, accountId, client.id),
        act: (tx) => fundDeal(tx, request.params.id, accountId, actorOf(client, request)),
      });
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
        summary:
          'Agree to refund the buyer, with a code; with both parties agreed the escrow desk may refund',
        params: escrowIdParamsSchema,
        body: escrowCodeSchema,
        response: { 200: escrowDealResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await loadApprovedCaller(db, request);
      await findDeal(db, request.params.id, client.id);
      return consent(request, reply, {
        client,
        step: { step: 'refund_agreement' },
        code: request.body.code,
        key: parseOptionalIdempotencyKey(request.headers['idempotency-key']),
        check: async (_reader, deal) => refundAgreeable(deal),
        act: (tx) => agreeToRefund(tx, request.params.id, actorOf(client, request)),
      });
    },
  );
};
