import {
  backofficeBatchActionAnswerSchema,
  backofficeBatchActions,
  backofficeBatchAnswerSchema,
  backofficeBatchPageSchema,
  batchIdParamsSchema,
  batchListQuerySchema,
  batchRowListQuerySchema,
  batchRowPageSchema,
  operatorPaymentReasonSchema,
} from '@bluepeak/core/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator, operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { writeAuditEntry } from '../audit';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { returnPayment, setPaymentHold } from '../payments';
import { listAllBatches } from './batch-list-rows';
import { allRows, findBatch, listRows, setBatchStatus } from './batch-rows';
import { toBatch, toBatchRows } from './batch-service';

const PREFIX = '/api/backoffice/batches';

// Batches in the back office's payments queue (role payments or admin): the list, a batch's rows
// (each row is a payment, so one row is held or returned in the payments queue), and holding,
// releasing or returning every row of a batch at once, with a reason.
export const backofficeBatchRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const paymentsRole = requirePermission(db, 'managePayments');
  const actorOf = (request: FastifyRequest) =>
    operatorActor(actingOperator(callerOperatorId(request), request));

  app.get(
    PREFIX,
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Confirmed and draft batches, newest first',
        querystring: batchListQuerySchema,
        response: { 200: backofficeBatchPageSchema },
      },
      preValidation: paymentsRole,
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const rows = await listAllBatches(db, { status, page, limit });
      const data = [];
      for (const row of rows) {
        const batch = await findBatch(db, row.id);
        if (batch)
          data.push({
            ...(await toBatch(db, batch)),
            client_id: batch.client_id,
            client_name: row.client_name,
          });
      }
      const total = rows[0]?.total ?? 0;
      return { data, meta: { page, limit, total, total_pages: Math.ceil(total / limit) } };
    },
  );

  app.get(
    `${PREFIX}/:id`,
    {
      schema: {
        tags: ['backoffice'],
        summary: 'One batch with its client, totals and rows by status',
        params: batchIdParamsSchema,
        response: { 200: backofficeBatchAnswerSchema },
      },
      preValidation: paymentsRole,
    },
    async (request) => {
      const batch = await findBatch(db, request.params.id);
      if (!batch) throw notFound('Batch');
      const [client] = await listAllBatches(db, { id: batch.id, page: 1, limit: 1 });
      return {
        data: {
          ...(await toBatch(db, batch)),
          client_id: batch.client_id,
          client_name: client?.client_name ?? '',
        },
      };
    },
  );

  app.get(
    `${PREFIX}/:id/rows`,
    {
      schema: {
        tags: ['backoffice'],
        summary: 'A batch’s rows with their payments’ status',
        params: batchIdParamsSchema,
        querystring: batchRowListQuerySchema,
        response: { 200: batchRowPageSchema },
      },
      preValidation: paymentsRole,
    },
    async (request) => {
      const batch = await findBatch(db, request.params.id);
      if (!batch) throw notFound('Batch');
      const { rows, total } = await listRows(db, batch.id, request.query);
      return {
        data: await toBatchRows(db, batch, rows),
        meta: { page: request.query.page, limit: request.query.limit, total },
      };
    },
  );

  for (const action of backofficeBatchActions) {
    app.post(
      `${PREFIX}/:id/${action}`,
      {
        schema: {
          tags: ['backoffice'],
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} every open row of a batch, with a reason`,
          params: batchIdParamsSchema,
          body: operatorPaymentReasonSchema,
          response: { 200: backofficeBatchActionAnswerSchema },
        },
        preValidation: paymentsRole,
      },
      async (request) => {
        const actor = actorOf(request);
        const { reason } = request.body;
        return withTransaction(db, async (tx) => {
          const batch = await findBatch(tx, request.params.id, true);
          if (!batch) throw notFound('Batch');
          if (batch.status !== 'processing' && batch.status !== 'on_hold')
            throw new AppError(
              'batch_not_cancellable',
              'Only a confirmed batch with open rows can be held or returned',
            );
          let changed = 0;
          for (const row of await allRows(tx, batch.id)) {
            if (!row.payment_id || row.payment_status !== 'processing') continue;
            try {
              if (action === 'return') await returnPayment(tx, { paymentId: row.payment_id, reason, actor });
              else
                await setPaymentHold(tx, {
                  paymentId: row.payment_id,
                  hold: action === 'hold',
                  reason,
                  actor,
                });
              changed++;
            } catch (error) {
              // A row already with its rail cannot be held; the rest of the batch still is.
              if (!(error instanceof AppError)) throw error;
            }
          }
          const status = action === 'hold' ? 'on_hold' : action === 'return' ? 'returned' : 'processing';
          await setBatchStatus(tx, batch.id, status, { reason });
          await writeAuditEntry(tx, {
            ...actor,
            action: `batch.${action}`,
            objectType: 'payment_batch',
            objectId: batch.id,
            details: { reason, rows: changed },
          });
          return { data: { id: batch.id, status, rows_changed: changed } };
        });
      },
    );
  }
};
