import {
  operatorPaymentAnswerSchema,
  operatorPaymentReasonSchema,
  paymentIdParamsSchema,
  paymentQueueQuerySchema,
  paymentQueueSchema,
} from '@bluepeak/core/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator, operatorActor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { backofficePaymentFileRoutes } from '../rails';
import { returnPayment, setPaymentHold, voidPayment } from './operator-actions';
import { listPaymentQueue, operatorPaymentView } from './payment-queue';

const OPERATOR_ACTIONS = ['hold', 'release', 'return', 'void'] as const;

// The payments queue of the back office (docs/requirements/payments.md): per rail, status and text, one
// payment with its history and ledger transfers, and hold, release, return or void with a
// reason. Roles payments and admin. The rails' channels and the ISO 20022 files are in
// rails/payment-file-routes.ts.
export const backofficePaymentRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  // core's permission table, so the back office shows the section to exactly these roles.
  const paymentsRole = requirePermission(db, 'managePayments');
  const actorOf = (request: FastifyRequest) =>
    operatorActor(actingOperator(callerOperatorId(request), request));
  const view = async (id: string) => {
    const payment = await operatorPaymentView(db, id);
    if (!payment) throw notFound('Payment');
    return { data: payment };
  };

  app.get(
    '/api/backoffice/payments',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'The payments queue, by rail, status, hold and text, newest first, with counts per status',
        querystring: paymentQueueQuerySchema,
        response: { 200: paymentQueueSchema },
      },
      preValidation: paymentsRole,
    },
    (request) => listPaymentQueue(db, request.query),
  );

  app.get(
    '/api/backoffice/payments/:id',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'One payment with its status history and ledger transfers',
        params: paymentIdParamsSchema,
        response: { 200: operatorPaymentAnswerSchema },
      },
      preValidation: paymentsRole,
    },
    (request) => view(request.params.id),
  );

  for (const action of OPERATOR_ACTIONS) {
    app.post(
      `/api/backoffice/payments/:id/${action}`,
      {
        schema: {
          tags: ['backoffice'],
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a payment, with a reason`,
          params: paymentIdParamsSchema,
          body: operatorPaymentReasonSchema,
          response: { 200: operatorPaymentAnswerSchema },
        },
        preValidation: paymentsRole,
      },
      async (request) => {
        const input = { paymentId: request.params.id, reason: request.body.reason, actor: actorOf(request) };
        await withTransaction(db, async (tx) => {
          if (action === 'return') await returnPayment(tx, input);
          else if (action === 'void') await voidPayment(tx, input);
          else await setPaymentHold(tx, { ...input, hold: action === 'hold' });
        });
        return view(request.params.id);
      },
    );
  }

  await app.register(backofficePaymentFileRoutes, { ...options, actorOf, paymentsRole });
};
