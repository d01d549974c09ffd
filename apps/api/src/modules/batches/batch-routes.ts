import {
  BATCH_MAX_FILE_BYTES,
  batchAnswerSchema,
  batchCodeAnswerSchema,
  batchIdParamsSchema,
  batchListQuerySchema,
  batchPageSchema,
  batchRowAnswerSchema,
  batchRowListQuerySchema,
  batchRowPageSchema,
  batchRowParamsSchema,
  confirmBatchSchema,
  createBatchSchema,
  updateBatchRowSchema,
} from '@bluepeak/core/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { parseIdempotencyKey, parseOptionalIdempotencyKey } from '../../lib/idempotency';
import { createSecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { authRateLimits, requireClient } from '../auth';
import { clientActor, loadApprovedCaller } from '../clients';
import { BATCH_TEMPLATE_CSV, resultsCsv, resultsPain002 } from './batch-results';
import { allRows, findClientBatch, listClientBatches, listRows } from './batch-rows';
import { changeBatchRow, deleteBatchRow, toBatch, toBatchRow } from './batch-service';
import { cancelBatch, confirmBatchOnce, sendBatchCode } from './confirm-batch';
import { type UploadBody, uploadBatch } from './upload-batch';

const PREFIX = '/api/client/batches';
// A 10 MB file plus the multipart envelope; a JSON body of 10,000 typed rows fits well inside.
const BODY_LIMIT = BATCH_MAX_FILE_BYTES + 64 * 1024;

// Batch payments for the web app and integrators (docs/requirements/batch-payments.md). Another
// client's batch is a 404. Uploading and confirming take an Idempotency-Key.
export const clientBatchRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  const totpBox = createSecretBox(linkKey, 'totp');
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      done(null, { multipart: body, contentType: request.headers['content-type'] ?? '' });
    },
  );
  const caller = (request: FastifyRequest) => loadApprovedCaller(db, request);
  const ownBatch = async (request: FastifyRequest, id: string) => {
    const batch = await findClientBatch(db, (await caller(request)).id, id);
    if (!batch) throw notFound('Batch');
    return batch;
  };

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
        data: rows.map(toBatchRow),
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
      return { data: toBatchRow(row) };
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

  app.post(
    `${PREFIX}/:id/code`,
    {
      schema: {
        tags: ['batches'],
        summary: 'Send the one code for the whole batch (bound to its rows and totals)',
        params: batchIdParamsSchema,
        response: { 201: batchCodeAnswerSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await caller(request);
      const sca = await withTransaction(db, (tx) =>
        sendBatchCode(tx, { client, batchId: request.params.id, now: clock.now() }),
      );
      return reply.status(201).send({ data: sca });
    },
  );

  app.post(
    `${PREFIX}/:id/confirm`,
    {
      schema: {
        tags: ['batches'],
        summary: 'Confirm the batch with its code: every row held in one ledger call, then sent',
        params: batchIdParamsSchema,
        body: confirmBatchSchema,
        response: { 200: batchAnswerSchema },
      },
      config: { rateLimit: authRateLimits.codeEntry },
    },
    async (request, reply) => {
      const client = await caller(request);
      const answer = await confirmBatchOnce(db, {
        client,
        batchId: request.params.id,
        code: request.body.code,
        idempotencyKey: parseOptionalIdempotencyKey(request.headers['idempotency-key']),
        actor: clientActor(request),
        now: () => clock.now(),
        totpBox,
        answerOf: async (tx, batch) => ({ data: await toBatch(tx, batch) }),
      });
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    `${PREFIX}/:id/cancel`,
    {
      schema: {
        tags: ['batches'],
        summary: 'Cancel a draft batch, or the rows of a confirmed one that have not left',
        params: batchIdParamsSchema,
        response: { 200: batchAnswerSchema },
      },
    },
    async (request) => {
      const client = await caller(request);
      const { batch } = await withTransaction(db, (tx) =>
        cancelBatch(tx, { clientId: client.id, batchId: request.params.id, actor: clientActor(request) }),
      );
      const fresh = (await findClientBatch(db, client.id, batch.id)) ?? batch;
      return { data: await toBatch(db, fresh) };
    },
  );

  app.get(
    `${PREFIX}/:id/results`,
    {
      schema: {
        tags: ['batches'],
        summary: 'The results file: CSV, or pain.002 for a batch that came as pain.001',
        params: batchIdParamsSchema,
        querystring: z.strictObject({ format: z.enum(['csv', 'pain002']).default('csv') }),
      },
    },
    async (request, reply) => {
      const batch = await ownBatch(request, request.params.id);
      const rows = await allRows(db, batch.id);
      if (request.query.format === 'pain002' && batch.source_format === 'pain.001')
        return sendDocument(reply, {
          fileName: `batch-${batch.id}-pain002.xml`,
          mime: 'application/xml',
          content: Buffer.from(resultsPain002(batch, rows, clock.now())),
        });
      return sendDocument(reply, {
        fileName: `batch-${batch.id}-results.csv`,
        mime: 'text/csv; charset=utf-8',
        content: Buffer.from(resultsCsv(rows)),
      });
    },
  );
};
