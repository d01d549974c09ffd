import {
  BATCH_MAX_FILE_BYTES,
  batchAnswerSchema,
  batchIdParamsSchema,
  batchListQuerySchema,
  batchPageSchema,
  batchRowAnswerSchema,
  batchRowListQuerySchema,
  batchRowPageSchema,
  batchRowParamsSchema,
  createBatchSchema,
  removeBatchRowsQuerySchema,
  updateBatchRowSchema,
} from '@bluepeak/core/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import { sendDocument } from '../../lib/send-document';
import { clientActor } from '../clients';
import { batchAccess } from './batch-access-guard';
import { listClientBatches } from './batch-list-rows';
import { BATCH_TEMPLATE_CSV } from './batch-results';
import { listRows } from './batch-rows';
import {
  changeBatchRow,
  deleteBatchRow,
  removeInvalidBatchRows,
  toBatch,
  toBatchRows,
} from './batch-service';
import { type UploadBody, uploadBatch } from './upload-batch';

export const PREFIX = '/api/client/batches';
// A 10 MB file plus the multipart envelope; a JSON body of 10,000 typed rows fits well inside.
export const BODY_LIMIT = BATCH_MAX_FILE_BYTES + 64 * 1024;

// A batch before it is confirmed (docs/requirements/batch-payments.md): the template, the upload
// (a file or typed rows, with an Idempotency-Key), the client's batches and their rows, and
// fixing or removing a row, or every row with problems at once. Registered by clientBatchRoutes, behind its session guard.
export const batchDraftRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { caller, ownBatch } = batchAccess(db);

  app.get(
    `${PREFIX}/template.csv`,
    { schema: { tags: ['batches'], summary: 'The CSV template, with example rows' } },
    (_request, reply) =>
      sendDocument(reply, {
        fileName: 'batch-template.csv',
        mime: 'text/csv; charset=utf-8',
        content: Buffer.from(BATCH_TEMPLATE_CSV),
      }),
  );

  app.post(
    PREFIX,
    {
      schema: {
        tags: ['batches'],
        summary:
          'Upload a batch: multipart (account_id, file: CSV, .xlsx or pain.001) or JSON rows; needs an Idempotency-Key',
        body: z.union([
          createBatchSchema,
          z.object({ multipart: z.instanceof(Buffer), contentType: z.string() }),
        ]),
        response: { 201: batchAnswerSchema },
      },
      bodyLimit: BODY_LIMIT,
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const client = await caller(request);
      const answer = await uploadBatch(db, {
        client,
        key,
        body: request.body as UploadBody,
        actor: clientActor(request),
        answerOf: async (tx, batch) => ({ data: await toBatch(tx, batch) }),
      });
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    PREFIX,
    {
      schema: {
        tags: ['batches'],
        summary: 'The client’s batches, newest first',
        querystring: batchListQuerySchema,
        response: { 200: batchPageSchema },
      },
    },
    async (request) => {
      const client = await caller(request);
      const { rows, total } = await listClientBatches(db, client.id, request.query);
      const data = [];
      for (const batch of rows) data.push(await toBatch(db, batch));
      return { data, meta: { page: request.query.page, limit: request.query.limit, total } };
    },
  );

  app.get(
    `${PREFIX}/:id`,
    {
      schema: {
        tags: ['batches'],
        summary: 'One batch with its totals, fees and row counts by status',
        params: batchIdParamsSchema,
        response: { 200: batchAnswerSchema },
      },
    },
    async (request) => ({ data: await toBatch(db, await ownBatch(request, request.params.id)) }),
  );

  app.get(
    `${PREFIX}/:id/rows`,
    {
      schema: {
        tags: ['batches'],
        summary: 'The batch’s rows with their errors ({ field, message }), filtered by status',
        params: batchIdParamsSchema,
        querystring: batchRowListQuerySchema,
        response: { 200: batchRowPageSchema },
      },
    },
    async (request) => {
      const batch = await ownBatch(request, request.params.id);
      const { rows, total } = await listRows(db, batch.id, request.query);
      return {
        data: await toBatchRows(db, batch, rows),
        meta: { page: request.query.page, limit: request.query.limit, total },
      };
    },
  );

  app.patch(
    `${PREFIX}/:id/rows/:rowId`,
    {
      schema: {
        tags: ['batches'],
        summary: 'Fix a row before the batch is confirmed (amount in minor units)',
        params: batchRowParamsSchema,
        body: updateBatchRowSchema,
        response: { 200: batchRowAnswerSchema },
      },
    },
    async (request) => {
      const client = await caller(request);
      const row = await withTransaction(db, (tx) =>
        changeBatchRow(tx, {
          clientId: client.id,
          batchId: request.params.id,
          rowId: request.params.rowId,
          change: request.body,
          actor: clientActor(request),
        }),
      );
      const draft = { id: request.params.id, client_id: client.id, status: 'draft' as const };
      const [data] = await toBatchRows(db, draft, [row]);
      if (!data) throw new Error('a changed row was answered as no row');
      return { data };
    },
  );

  app.delete(
    `${PREFIX}/:id/rows/:rowId`,
    {
      schema: {
        tags: ['batches'],
        summary: 'Remove a row before the batch is confirmed',
        params: batchRowParamsSchema,
      },
    },
    async (request, reply) => {
      const client = await caller(request);
      await withTransaction(db, (tx) =>
        deleteBatchRow(tx, {
          clientId: client.id,
          batchId: request.params.id,
          rowId: request.params.rowId,
          actor: clientActor(request),
        }),
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    `${PREFIX}/:id/rows`,
    {
      schema: {
        tags: ['batches'],
        summary: 'Remove every row with problems (status=invalid) before the batch is confirmed',
        params: batchIdParamsSchema,
        querystring: removeBatchRowsQuerySchema,
        response: { 200: batchAnswerSchema },
      },
    },
    async (request) => {
      const client = await caller(request);
      await withTransaction(db, (tx) =>
        removeInvalidBatchRows(tx, {
          clientId: client.id,
          batchId: request.params.id,
          actor: clientActor(request),
        }),
      );
      return { data: await toBatch(db, await ownBatch(request, request.params.id)) };
    },
  );
};
