import {
  type EscrowDeal,
  escrowChangeParamsSchema,
  escrowCodeRequestSchema,
  escrowCodeResponseSchema,
  escrowCodeSchema,
  escrowDealResponseSchema,
  escrowIdParamsSchema,
  fundEscrowSchema,
} from '@bluepeak/core/escrow';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits } from '../auth';
import { type ClientRow, loadApprovedCaller } from '../clients';
import type { ConfirmOutcome } from '../sca';
import { type ConsentStep, sendConsentCode } from './consent-code';
import { answerChange } from './deal-changes';
import { confirmConsent } from './escrow-consent';
import { findDeal } from './escrow-rows';
import { dealView } from './escrow-view';
import { agreeToRefund, fundDeal } from './party-actions';
import { escrowStepHeadersSchema } from './step-guard';

// The parties' consents (docs/requirements/escrow.md, "Strong authentication"): the code of one
// step, then funding, agreeing to a refund or accepting a change with it. Registered inside clientEscrowRoutes, whose
// session hook they share. Each step takes an Idempotency-Key; a retry with the same key or code
// gets the first answer (escrow-consent.ts).
export const clientEscrowConsentRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  const actorOf = (client: ClientRow, request: FastifyRequest) => ({
    clientId: client.id,
    requestId: request.id,
    ip: request.ip,
  });
  /** Runs a consent step once its code checks out; the answer is the deal as it is then. */
  const consent = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      dealId: string;
      step: ConsentStep;
      code: string;
      act: (tx: Queryable, client: ClientRow) => Promise<void>;
    },
  ) => {
    const client = await loadApprovedCaller(db, request);
    const { dealId } = input;
    // Another client's deal is a 404 before anything about the request is judged.
    await findDeal(db, dealId, client.id);
    const outcome: ConfirmOutcome<{ data: EscrowDeal }> = await confirmConsent(db, {
      client,
      dealId,
      step: input.step,
      code: input.code,
      idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      now: () => clock.now(),
      totpBox,
      act: (tx) => input.act(tx, client),
      answerOf: async (tx) => ({ data: await dealView(tx, dealId, client.id, clock.now()) }),
    });
    return sendAnswer(reply, outcome);
  };

  app.post(
    '/api/client/escrows/:id/code',
    {
      schema: {
        tags: ['client'],
        summary:
          'Send the one-time code for a consent the caller may give now: funding, agreeing to a refund, accepting a change',
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
      return reply.status(201).send({ data: sca });
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
        headers: escrowStepHeadersSchema,
        response: { 200: escrowDealResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const { account_id: accountId, code } = request.body;
      return consent(request, reply, {
        dealId: request.params.id,
        step: { step: 'fund', account_id: accountId },
        code,
        act: (tx, client) => fundDeal(tx, request.params.id, accountId, actorOf(client, request)),
      });
    },
  );

  app.post(
    '/api/client/escrows/:id/refund_agreement',
    {
      schema: {
        tags: ['client'],
        summary:
          'Agree to refund the buyer, with a code (Idempotency-Key required); with both parties agreed the escrow desk may refund',
        params: escrowIdParamsSchema,
        body: escrowCodeSchema,
        headers: escrowStepHeadersSchema,
        response: { 200: escrowDealResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) =>
      consent(request, reply, {
        dealId: request.params.id,
        step: { step: 'refund_agreement' },
        code: request.body.code,
        act: (tx, client) => agreeToRefund(tx, request.params.id, actorOf(client, request)),
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
      return consent(request, reply, {
        dealId: ids.deal,
        step: { step: 'accept_change', change_id: ids.change },
        code: request.body.code,
        act: (tx, client) => answerChange(tx, ids, 'accept', actorOf(client, request), clock.now()),
      });
    },
  );
};
