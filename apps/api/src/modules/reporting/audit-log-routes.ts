import { auditLogPageSchema, auditLogQuerySchema } from '@bluepeak/core/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { readDb, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { searchAuditLog } from './search-audit-log';

// The audit log for operators (docs/requirements/back-office.md): who did what to which client, when and why.
// A search that may lag (decision 0038): read from the replica when one is in use.
export const backofficeAuditRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));

  app.get(
    '/api/backoffice/audit',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Search the audit log by client, operator (id or e-mail) and action prefix; newest first',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
      preValidation: requirePermission(db, 'viewAudit'),
    },
    async (request) => {
      const { page, limit } = request.query;
      const { entries, total } = await searchAuditLog(readDb(request, db), request.query);
      return { data: entries, meta: { page, limit, total, total_pages: Math.ceil(total / limit) } };
    },
  );
};
