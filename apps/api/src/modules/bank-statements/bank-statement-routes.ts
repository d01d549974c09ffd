import {
  assignBankCreditSchema,
  bankCreditAnswerSchema,
  bankCreditDecisionSchema,
  bankCreditListQuerySchema,
  bankCreditListSchema,
  bankStatementImportListSchema,
  bankStatementImportResultSchema,
  MAX_STATEMENT_BYTES,
  manualCreditAnswerSchema,
  manualCreditListQuerySchema,
  manualCreditListSchema,
  returnBankCreditSchema,
  uploadBankStatementSchema,
} from '@bluepeak/core/backoffice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { decideManualCredit, listManualCredits } from '../adjustments';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { listBankCredits, listStatementImports } from './bank-credit-rows';
import { checkStatementFile, importStatement } from './import-statement';
import { assignBankCredit, decideBankCreditAssignment, returnBankCredit } from './resolve-credit';

const idParams = z.strictObject({ id: z.uuid() });
const PREFIX = '/api/backoffice/bank_statements';

/** The uploaded file's text: base64 decoded, at most 5 MB, UTF-8 (as xmllint reads it). */
function statementText(data: string): string {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > MAX_STATEMENT_BYTES)
    throw new AppError('file_too_large', 'The statement file is larger than 5 MB');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError('statement_invalid', 'The statement file is not UTF-8 text', {
      detail: 'Statements are XML in UTF-8.',
    });
  }
}

// Incoming money from the safeguarding bank (docs/incoming-money.md): statement uploads, the
// unmatched-credit queue and the second operator's decisions on credits typed by hand.
export const backofficeBankStatementRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  options,
) => {
  const { db, config, clock = systemClock } = options;
  const thresholdMinor = config.manualCreditApprovalThresholdMinor;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const actor = (request: FastifyRequest) => actingOperator(callerOperatorId(request), request);
  const importer = requirePermission(db, 'importBankStatements');
  const checker = requirePermission(db, 'approveIncomingCredit');
  const settings = () => ({ thresholdMinor, now: clock.now() });

  app.post(
    PREFIX,
    {
      schema: {
        tags: ['backoffice'],
        summary:
          "Import the safeguarding bank's camt.053 statement (base64): book matched credits, queue the rest",
        body: uploadBankStatementSchema,
        response: { 201: bankStatementImportResultSchema },
      },
      bodyLimit: 8 * 1024 * 1024,
      preValidation: importer,
    },
    async (request, reply) => {
      const xml = statementText(request.body.data);
      await checkStatementFile(xml);
      const result = await importStatement(db, {
        fileName: request.body.file_name,
        xml,
        actor: actor(request),
        thresholdMinor,
      });
      return reply.status(201).send({ data: result });
    },
  );

  app.get(
    PREFIX,
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Imported statements, newest first, with their closing balances',
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: bankStatementImportListSchema },
      },
      preValidation: importer,
    },
    async (request) => ({ data: await listStatementImports(db, request.query.limit) }),
  );

  app.get(
    `${PREFIX}/credits`,
    {
      schema: {
        tags: ['backoffice'],
        summary: "The bank's credits by status (the unmatched queue by default), newest first",
        querystring: bankCreditListQuerySchema,
        response: { 200: bankCreditListSchema },
      },
      preValidation: checker,
    },
    async (request) => ({ data: await listBankCredits(db, request.query, thresholdMinor) }),
  );

  app.post(
    `${PREFIX}/credits/:id/assign`,
    {
      schema: {
        tags: ['backoffice'],
        summary:
          'Give an unmatched credit to the client account with this IBAN (four eyes above the threshold)',
        params: idParams,
        body: assignBankCreditSchema,
        response: { 200: bankCreditAnswerSchema },
      },
      preValidation: importer,
    },
    async (request) => ({
      data: await withTransaction(db, (tx) =>
        assignBankCredit(tx, request.params.id, request.body, actor(request), settings()),
      ),
    }),
  );

  app.post(
    `${PREFIX}/credits/:id/return`,
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Mark an unmatched credit to be sent back to the payer, with a reason',
        params: idParams,
        body: returnBankCreditSchema,
        response: { 200: bankCreditAnswerSchema },
      },
      preValidation: importer,
    },
    async (request) => ({
      data: await withTransaction(db, (tx) =>
        returnBankCredit(tx, request.params.id, request.body.reason, actor(request), settings()),
      ),
    }),
  );

  for (const verdict of ['approve', 'reject'] as const) {
    const decision = (body: { reason?: string | undefined }) => ({
      approve: verdict === 'approve',
      reason: body.reason,
    });
    app.post(
      `${PREFIX}/credits/:id/${verdict}`,
      {
        schema: {
          tags: ['backoffice'],
          summary: `${verdict === 'approve' ? 'Approve' : 'Reject'} another operator's assignment of a bank credit`,
          params: idParams,
          body: bankCreditDecisionSchema,
          response: { 200: bankCreditAnswerSchema },
        },
        preValidation: checker,
      },
      async (request) => ({
        data: await withTransaction(db, (tx) =>
          decideBankCreditAssignment(
            tx,
            request.params.id,
            decision(request.body),
            actor(request),
            settings(),
          ),
        ),
      }),
    );
    app.post(
      `${PREFIX}/manual_credits/:id/${verdict}`,
      {
        schema: {
          tags: ['backoffice'],
          summary: `${verdict === 'approve' ? 'Approve (not your own): the credit is booked' : 'Reject, with a reason'}: a credit typed by hand above the threshold`,
          params: idParams,
          body: bankCreditDecisionSchema,
          response: { 200: manualCreditAnswerSchema },
        },
        preValidation: checker,
      },
      async (request) => ({
        data: await withTransaction(db, (tx) =>
          decideManualCredit(tx, request.params.id, decision(request.body), actor(request), clock.now()),
        ),
      }),
    );
  }

  app.get(
    `${PREFIX}/manual_credits`,
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Credits typed by hand above the threshold, by status (pending by default)',
        querystring: manualCreditListQuerySchema,
        response: { 200: manualCreditListSchema },
      },
      preValidation: checker,
    },
    async (request) => ({ data: await listManualCredits(db, request.query.status, request.query.limit) }),
  );
};
