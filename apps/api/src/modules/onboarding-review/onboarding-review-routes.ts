import { clientRecordSchema, clientStatuses } from '@bluepeak/core';
import {
  applicationGapsOf,
  applicationPageSchema,
  clientDetailAnswerSchema,
} from '@bluepeak/core/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { listAccountsWithBalances } from '../accounts';
import { attachmentStorageFor } from '../attachments';
import { requireOperator } from '../auth';
import {
  buildClientRecord,
  clientDisplayName,
  findClientById,
  listAddresses,
  listDocuments,
  listRelatedClients,
  loadDocument,
  readSettings,
} from '../clients';
import { requirePermission } from '../operators';
import {
  listApplications,
  listIdentificationSubmissions,
  listReviews,
  loadCompanyProfile,
  searchClients,
} from './client-file-rows';

const idParams = z.strictObject({ id: z.uuid() });
const listQuery = z.strictObject({
  status: z.enum(clientStatuses).default('ON_APPROVAL'),
  // A search over every status: name, e-mail, phone or registration number.
  q: z.string().trim().min(2).max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// The back office's onboarding reads (docs/requirements/onboarding.md): applications, a client's
// data and documents.
export const backofficeOnboardingRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canView = requirePermission(db, 'viewClients');
  const canViewDocuments = requirePermission(db, 'viewDocuments');

  app.get(
    '/api/backoffice/applications',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Clients by status, newest first; or found by name, e-mail or phone',
        querystring: listQuery,
        response: { 200: applicationPageSchema },
      },
      preValidation: canView,
    },
    async (request) => {
      const { status, q, page, limit } = request.query;
      const rows = q
        ? await searchClients(db, q, page, limit)
        : await listApplications(db, status, page, limit);
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
        response: { 200: clientDetailAnswerSchema },
      },
      preValidation: canView,
    },
    async (request) => {
      const client = await findClientById(db, request.params.id);
      if (!client) throw notFound('Client');
      const identifications = await listIdentificationSubmissions(db, client.id);
      const record = clientRecordSchema.parse(await buildClientRecord(db, client));
      const settings = await readSettings(db, client);
      return {
        data: {
          client: record,
          application_gaps:
            client.status === 'ON_APPROVAL'
              ? applicationGapsOf({ ...record, submitted: client.application_submitted_at !== null })
              : [],
          addresses: await listAddresses(db, client.id),
          identifications: identifications.map((row) => ({
            ...row,
            created_at: row.created_at.toISOString(),
          })),
          documents: await listDocuments(db, client.id),
          company_profile: await loadCompanyProfile(db, client.id),
          update_require: {
            activity_require: client.activity_require,
            address_require: client.address_require,
            client_info_require: client.client_info_require,
            partners_require: client.partners_require,
          },
          update_submitted_at: client.data_update_submitted_at?.toISOString() ?? null,
          terms_acceptance:
            client.terms_version && client.privacy_version && client.terms_accepted_at
              ? {
                  terms_version: client.terms_version,
                  privacy_version: client.privacy_version,
                  accepted_at: client.terms_accepted_at.toISOString(),
                }
              : null,
          related_persons: settings.related_persons,
          partners: settings.partners,
          related_clients: await listRelatedClients(db, client.id),
          reviews: await listReviews(db, client.id),
          accounts: await listAccountsWithBalances(db, client.id),
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
      preValidation: canViewDocuments,
    },
    async (request, reply) => {
      const document = await loadDocument(db, storage, request.params.id, request.params.documentId);
      if (!document) throw notFound('Document');
      return sendDocument(reply, document);
    },
  );

  // Viewing in the page is for images only, drawn by an <img> from the same download answer
  // (attachment, sandboxed, never sniffed). A PDF is never shown in the page: a viewer could
  // run its script or follow its actions, so it is downloaded (decision 0044).
  app.get(
    '/api/backoffice/clients/:id/documents/:documentId/view',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'A client document for an <img> in the page (PNG and JPEG only)',
        params: z.strictObject({ id: z.uuid(), documentId: z.uuid() }),
      },
      preValidation: canViewDocuments,
    },
    async (request, reply) => {
      const document = await loadDocument(db, storage, request.params.id, request.params.documentId);
      if (!document) throw notFound('Document');
      if (!VIEWABLE_MIMES.has(document.mime))
        throw new AppError('not_viewable_inline', 'This document can only be downloaded');
      return sendDocument(reply, document);
    },
  );
};

const VIEWABLE_MIMES = new Set(['image/png', 'image/jpeg']);
