import {
  clientStatementQuerySchema,
  monthlyStatementsResponseSchema,
  statementAnswerResponseSchema,
} from '@bluepeak/core/accounts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, readDb, requireClient } from '../auth';
import { listMonthlyStatements } from './monthly-statement-rows';
import { monthDays } from './monthly-statements';
import { openClientStatement } from './statement-accounts';
import { statementFile, statementJson } from './statement-files';

// GET /api/client/statements (docs/requirements/statements.md): one account's statement for a
// period in JSON or as a file (PDF, CSV, XLSX, camt.053, MT940), streamed as it is read; without
// an account, one document with a section for each of the client's accounts. Both read the
// replica when one is in use (readDb, decision 0038): a statement may lag a few seconds.

export const clientStatementRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  app.get(
    '/api/client/statements',
    {
      schema: {
        tags: ['statements'],
        summary:
          "An account's statement between two days (UTC, both included), or all accounts' without account_id: JSON, or a PDF, CSV, XLSX, camt.053 or MT940 download",
        querystring: clientStatementQuerySchema,
        response: { 200: statementAnswerResponseSchema },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const document = await openClientStatement(
        readDb(request, db),
        callerClientId(request),
        query,
        clock.now(),
      );
      if (format === 'json') return { data: await statementJson(document) };
      const file = statementFile(document, format);
      // A file is not the JSON schema's answer: it goes out as a stream, unserialised.
      return sendDocument(reply as unknown as FastifyReply, { ...file, content: file.stream });
    },
  );

  app.get(
    '/api/client/statements/monthly',
    {
      schema: {
        tags: ['statements'],
        summary:
          "The client's kept monthly statements, newest first (download one with GET /api/client/statements)",
        response: { 200: monthlyStatementsResponseSchema },
      },
    },
    async (request) => {
      const rows = await listMonthlyStatements(readDb(request, db), callerClientId(request));
      return {
        data: rows.map((row) => ({
          id: row.id,
          account_id: row.account_id,
          currency: row.currency,
          month: row.month,
          ...(({ from, to }) => ({ from, to }))(monthDays(row.month)),
          opening_balance: row.opening_balance_minor,
          closing_balance: row.closing_balance_minor,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );
};
