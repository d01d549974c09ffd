import { clientRecordSchema, clientStatuses } from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../auth/clock';
import { buildClientRecord } from '../clients/client-record';
import { clientDisplayName, findClientById } from '../clients/client-rows';
import { listAddresses } from '../clients/save-address';
import { listDocuments, loadDocument } from '../clients/store-documents';
import { notFound } from '../lib/app-error';
import { sendDocument } from '../lib/send-document';
import { onboardingPermissions, requireRole } from '../operators/operator-roles';
import { findOperatorById } from '../operators/operator-rows';
import { callerOperatorId, requireOperator } from '../plugins/session-auth';
import type { AuthRouteOptions } from './route-options';

const idParams = z.strictObject({ id: z.uuid() });
const listQuery = z.strictObject({
  status: z.enum(clientStatuses).default('ON_APPROVAL'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// The back office's onboarding reads (issue 4): applications, a client's data and documents.
export const backofficeOnboardingRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const rolesOf = async (request: FastifyRequest) =>
    (await findOperatorById(db, callerOperatorId(request)))?.roles ?? [];
  const canView = requireRole(onboardingPermissions.viewApplications, rolesOf);
  const canViewDocuments = requireRole(onboardingPermissions.viewDocuments, rolesOf);

  app.get(
    '/api/backoffice/applications',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Clients by status, oldest submission first',
        querystring: listQuery,
      },
      preHandler: canView,
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const rows = await db.query<{
        id: string;
        type: 'PRIVATE' | 'CORPORATE';
        first_name: string | null;
        last_name: string | null;
        company_name: string | null;
        email: string;
        status: string;
        application_submitted_at: Date | null;
        created_at: Date;
        total: number;
      }>(
        `SELECT id, type, first_name, last_name, company_name, email, status, application_submitted_at, created_at,
           count(*) OVER ()::int AS total
         FROM clients WHERE status = $1 ORDER BY application_submitted_at NULLS LAST, created_at, id LIMIT $2 OFFSET $3`,
        [status, limit, (page - 1) * limit],
      );
      const total = rows[0]?.total ?? 0;
      const data = rows.map((row) => ({
        id: row.id,
        type: row.type,
        name: clientDisplayName(row),
        email: row.email,
        status: row.status,
        application_submitted_at: row.application_submitted_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      }));
      return { data, meta: { page, limit, total, total_pages: Math.ceil(total / limit) } };
    },
  );

  app.get(
    '/api/backoffice/clients/:id',
    {
      schema: {
        tags: ['backoffice'],
        summary: "A client's record, addresses, identifications and documents",
        params: idParams,
      },
      preHandler: canView,
    },
    async (request) => {
      const client = await findClientById(db, request.params.id);
      if (!client) throw notFound('Client');
      const identifications = await db.query<{
        id: string;
        document_type: string;
        status: string;
        decision_reason: string | null;
        created_at: Date;
      }>(
        'SELECT id, document_type, status, decision_reason, created_at FROM identification_submissions WHERE client_id = $1 ORDER BY created_at DESC',
        [client.id],
      );
      return {
        data: {
          client: clientRecordSchema.parse(await buildClientRecord(db, client)),
          addresses: await listAddresses(db, client.id),
          identifications: identifications.map((row) => ({
            ...row,
            created_at: row.created_at.toISOString(),
          })),
          documents: await listDocuments(db, client.id),
        },
      };
    },
  );

  app.get(
    '/api/backoffice/clients/:id/documents/:documentId',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Download a client document',
        params: z.strictObject({ id: z.uuid(), documentId: z.uuid() }),
      },
      preHandler: canViewDocuments,
    },
    async (request, reply) => {
      const document = await loadDocument(db, request.params.id, request.params.documentId);
      if (!document) throw notFound('Document');
      return sendDocument(reply, document);
    },
  );
};
