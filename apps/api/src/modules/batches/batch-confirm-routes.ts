import {
  batchAnswerSchema,
  batchCodeAnswerSchema,
  batchIdParamsSchema,
  confirmBatchSchema,
} from '@bluepeak/core/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { parseOptionalIdempotencyKey } from '../../lib/idempotency';
import type { SecretBox } from '../../lib/secret-box';
import { sendAnswer } from '../../lib/send-answer';
import { sendDocument } from '../../lib/send-document';
import { authRateLimits } from '../auth';
import { clientActor } from '../clients';
import { batchAccess } from './batch-access-guard';
import { PREFIX } from './batch-draft-routes';
import { resultsCsv, resultsPain002 } from './batch-results';
import { allRows, findClientBatch } from './batch-rows';
import { toBatch } from './batch-service';
import { cancelBatch, confirmBatchOnce, sendBatchCode } from './confirm-batch';

// A batch's one code, its confirmation (every row held in one ledger call, then sent), its
// cancellation and its results file. Registered by clientBatchRoutes, behind its session guard.
export const batchConfirmRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: Clock;
  totpBox: SecretBox;
}> = async (app, { db, clock, totpBox }) => {
  const { caller, ownBatch } = batchAccess(db);

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
        summary:
          'Confirm the batch with its code (pay_duplicates: true to pay rows that look like recent payments): every row held in one ledger call, then sent',
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
        payDuplicates: request.body.pay_duplicates,
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
