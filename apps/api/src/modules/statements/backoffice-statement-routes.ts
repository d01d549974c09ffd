import { clientStatementQuerySchema, statementAnswerResponseSchema } from '@bluepeak/core/accounts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../../lib/clock';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { readDb, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { openClientStatement } from './statement-accounts';
import { statementFile, statementJson } from './statement-files';

// Support reads a client's statement exactly as the client gets it (docs/requirements/statements.md),
// in any format, to answer a question about a line.
const clientIdParams = z.strictObject({ id: z.uuid() });

export const backofficeStatementRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));

  app.get(
    '/api/backoffice/clients/:id/statements',
    {
      schema: {
        tags: ['backoffice'],
        summary: "A client's account statement, in JSON or as a file, as the client gets it",
        params: clientIdParams,
        querystring: clientStatementQuerySchema,
        response: { 200: statementAnswerResponseSchema },
      },
      preValidation: requirePermission(db, 'viewClients'),
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const document = await openClientStatement(readDb(request, db), request.params.id, query, clock.now());
      if (format === 'json') return { data: await statementJson(document) };
      const file = statementFile(document, format);
      return sendDocument(reply as unknown as FastifyReply, { ...file, content: file.stream });
    },
  );
};
