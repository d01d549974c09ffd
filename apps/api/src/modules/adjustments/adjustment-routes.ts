import {
  adjustmentAnswerSchema,
  adjustmentDecisionSchema,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  incomingPaymentSchema,
  proposeAdjustmentSchema,
  recordedIncomingPaymentSchema,
} from '@bluepeak/core/backoffice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator } from '../../lib/actor';
import { systemClock } from '../../lib/clock';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { decideAdjustment, listAdjustments, proposeAdjustment } from './manual-adjustments';
import { recordOrProposeIncomingPayment } from './manual-credits';

const idParams = z.strictObject({ id: z.uuid() });

// The back office's money actions (docs/requirements/back-office.md): incoming payments as the
// partner bank reports them, and manual adjustments under four eyes. Payments operators (and
// administrators) only: a support agent gets 403, and the denial is in the audit log.
export const backofficeMoneyRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const actor = (request: FastifyRequest) => actingOperator(callerOperatorId(request), request);

  app.post(
    '/api/backoffice/incoming_payments',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          "Record an incoming payment to a client's IBAN (Idempotency-Key required); charges the incoming fee. Past one operator's 24-hour limit (in euros, per operator and per client account) it waits (202) for a second operator",
        body: incomingPaymentSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 201: recordedIncomingPaymentSchema, 202: recordedIncomingPaymentSchema },
      },
      preValidation: requirePermission(db, 'recordIncomingPayment'),
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const answer = await runIdempotent(
        db,
        { scope: `operator:${callerOperatorId(request)}:incoming_payment`, key, request: request.body },
        async (tx) => {
          const data = await recordOrProposeIncomingPayment(tx, request.body, actor(request), {
            thresholdMinor: config.manualCreditApprovalThresholdMinor,
            now: clock.now(),
          });
          return { status: data.status === 'pending' ? (202 as const) : (201 as const), body: { data } };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  const canSeeAdjustments = requirePermission(db, 'approveAdjustment');
  app.get(
    '/api/backoffice/adjustments',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Manual adjustments by status, newest first',
        querystring: adjustmentListQuerySchema,
        response: { 200: adjustmentListSchema },
      },
      preValidation: canSeeAdjustments,
    },
    async (request) => ({ data: await listAdjustments(db, request.query.status, request.query.limit) }),
  );

  app.post(
    '/api/backoffice/adjustments',
    {
      schema: {
        tags: ['backoffice'],
        summary: "Propose a manual adjustment of a client's balance, with a written reason",
        body: proposeAdjustmentSchema,
        response: { 201: adjustmentAnswerSchema },
      },
      preValidation: requirePermission(db, 'proposeAdjustment'),
    },
    async (request, reply) => {
      const adjustment = await withTransaction(db, (tx) =>
        proposeAdjustment(tx, request.body, actor(request), clock.now()),
      );
      return reply.status(201).send({ data: adjustment });
    },
  );

  for (const verdict of ['approve', 'reject'] as const) {
    app.post(
      `/api/backoffice/adjustments/:id/${verdict}`,
      {
        schema: {
          tags: ['backoffice'],
          summary:
            verdict === 'approve'
              ? 'Approve an adjustment (not your own): the ledger transfer against suspense is made'
              : 'Reject an adjustment, with a reason',
          params: idParams,
          body: adjustmentDecisionSchema,
          response: { 200: adjustmentAnswerSchema },
        },
        preValidation: canSeeAdjustments,
      },
      async (request) => {
        const adjustment = await withTransaction(db, (tx) =>
          decideAdjustment(
            tx,
            request.params.id,
            { approve: verdict === 'approve', reason: request.body.reason },
            actor(request),
            clock.now(),
          ),
        );
        return { data: adjustment };
      },
    );
  }
};
