import {
  type CreatePayment,
  confirmPaymentSchema,
  createPaymentOfTypeSchema,
  createPaymentSchema,
  paymentFeePreviewQuerySchema,
  paymentFeePreviewResponseSchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentPageSchema,
  paymentResponseSchema,
  paymentTypes,
} from '@bluepeak/core/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import {
  parseIdempotencyKey,
  parseOptionalIdempotencyKey,
  runIdempotent,
  runMaybeIdempotent,
} from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, readDb, requireClient } from '../auth';
import { clientActor, loadApprovedCaller } from '../clients';
import { findChallengeFor, liveChallengeView } from '../sca';
import { cancelPayment } from './cancel-payment';
import { confirmPaymentOnce } from './confirm-payment';
import { createPayment } from './create-payment';
import { listClientPayments } from './list-payments';
import { renderPaymentConfirmationPdf } from './payment-confirmation-pdf';
import { findClientPayment, paymentHistory, toPayment, toPaymentSummary } from './payment-rows';
import { previewPayment } from './preview-payment';

/** Payment velocity per IP (docs/reliability.md, bad input 20): a person never pays this fast. */
const PAYMENT_VELOCITY = { max: 120, timeWindow: 60_000 };

// Payments (docs/requirements/api-contract.md "Payments"; docs/requirements/payments.md). Creating
// one needs an Idempotency-Key: a retry or a double click gets the first answer again and never a
// second payment. Only approved clients may pay; another client's payment is a 404.
export const clientPaymentRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));

  const approvedCaller = (request: FastifyRequest) => loadApprovedCaller(db, request);

  async function create(request: FastifyRequest, reply: FastifyReply, body: CreatePayment) {
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    const client = await approvedCaller(request);
    const answer = await runIdempotent(
      db,
      { scope: `client:${client.id}:payments`, key, request: body },
      async (tx) => {
        const created = await createPayment(tx, {
          client,
          body,
          actor: clientActor(request),
          now: clock.now(),
        });
        return { status: 201, body: { data: toPayment(created.payment, created.history, created.sca) } };
      },
    );
    return sendAnswer(reply, answer);
  }

  app.post(
    '/api/client/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create a payment (needs an Idempotency-Key); the code to confirm it is sent',
        body: createPaymentSchema,
        response: { 201: paymentResponseSchema },
      },
      config: { rateLimit: PAYMENT_VELOCITY },
    },
    (request, reply) => create(request, reply, request.body),
  );

  for (const type of paymentTypes) {
    app.post(
      `/api/client/payments/${type}`,
      {
        schema: {
          tags: ['payments'],
          summary: `Create a ${type} payment (needs an Idempotency-Key)`,
          body: createPaymentOfTypeSchema(type),
          response: { 201: paymentResponseSchema },
        },
        config: { rateLimit: PAYMENT_VELOCITY },
      },
      (request, reply) => create(request, reply, { ...request.body, type } as unknown as CreatePayment),
    );
  }

  app.get(
    '/api/client/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'The client’s payments, newest first, with filters',
        querystring: paymentListQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (request) => {
      const client = await approvedCaller(request);
      // A list that may lag (decision 0038); the caller's own recent payment is read on the primary.
      const { rows, total } = await listClientPayments(readDb(request, db), client.id, request.query);
      const { page, limit } = request.query;
      return {
        data: rows.map((row) => toPaymentSummary(row)),
        meta: { page, limit, total, total_pages: Math.ceil(total / limit) },
      };
    },
  );

  // Asked while the client types (debounced by the form): read-only, so the general rate limit.
  app.get(
    '/api/client/payments/fee_preview',
    {
      schema: {
        tags: ['payments'],
        summary:
          'What a payment would cost before it is created: the fee, the total in the account’s currency and whether the balance covers it',
        querystring: paymentFeePreviewQuerySchema,
        response: { 200: paymentFeePreviewResponseSchema },
      },
    },
    async (request) => {
      const client = await approvedCaller(request);
      return { data: await previewPayment(db, client.id, request.query) };
    },
  );

  app.get(
    '/api/client/payments/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'One payment with its fee, rate and status history',
        params: paymentIdParamsSchema,
        response: { 200: paymentResponseSchema },
      },
    },
    async (request) => {
      const client = await approvedCaller(request);
      const payment = await findClientPayment(db, client.id, request.params.id);
      if (!payment) throw notFound('Payment');
      const sca =
        payment.status === 'awaiting_confirmation'
          ? liveChallengeView(await findChallengeFor(db, client.id, payment.challenge_id), clock.now())
          : null;
      return { data: toPayment(payment, await paymentHistory(db, payment.id), sca) };
    },
  );

  app.post(
    '/api/client/payments/:id/confirm',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Confirm a payment with the one-time code bound to its amount and payee; a retry with the same code (or Idempotency-Key) gets the first answer',
        params: paymentIdParamsSchema,
        body: confirmPaymentSchema,
        response: { 200: paymentResponseSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const idempotencyKey = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await approvedCaller(request);
      const answer = await confirmPaymentOnce(db, {
        client,
        paymentId: request.params.id,
        code: request.body.code,
        idempotencyKey,
        actor: clientActor(request),
        now: () => clock.now(),
        totpBox,
        answerOf: (payment, history) => ({ data: toPayment(payment, history, null) }),
      });
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/api/client/payments/:id/cancel',
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancel a payment that has not been sent yet (an Idempotency-Key makes a retry replay)',
        params: paymentIdParamsSchema,
        response: { 200: paymentResponseSchema },
      },
    },
    async (request, reply) => {
      const key = parseOptionalIdempotencyKey(request.headers['idempotency-key']);
      const client = await approvedCaller(request);
      const { id } = request.params;
      const answer = await runMaybeIdempotent(
        db,
        { scope: `client:${client.id}:payment-cancel`, key, request: { id } },
        async (tx) => {
          const payment = await cancelPayment(tx, {
            clientId: client.id,
            paymentId: id,
            actor: clientActor(request),
          });
          return {
            status: 200 as const,
            body: { data: toPayment(payment, await paymentHistory(tx, payment.id), null) },
          };
        },
      );
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/api/client/payments/:id/confirmation.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payment confirmation as a PDF (attachment)',
        params: paymentIdParamsSchema,
      },
    },
    async (request, reply) => {
      const client = await approvedCaller(request);
      const payment = await findClientPayment(db, client.id, request.params.id);
      if (!payment) throw notFound('Payment');
      const content = await renderPaymentConfirmationPdf(
        payment,
        await paymentHistory(db, payment.id),
        clock.now(),
      );
      return sendDocument(reply, {
        fileName: `payment-${payment.end_to_end_id}.pdf`,
        mime: 'application/pdf',
        content,
      });
    },
  );
};
