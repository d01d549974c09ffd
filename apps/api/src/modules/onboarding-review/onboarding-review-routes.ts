import { clientRecordSchema, clientStatuses } from '@bluepeak/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireOperator } from '../../plugins/session-auth';
import { systemClock } from '../auth';
import {
  buildClientRecord,
  clientDisplayName,
  findClientById,
  listAddresses,
  listDocuments,
  loadDocument,
} from '../clients';
import { getAccounts } from '../ledger/index';
import { requirePermission } from '../operators';

const idParams = z.strictObject({ id: z.uuid() });
const listQuery = z.strictObject({
  status: z.enum(clientStatuses).default('ON_APPROVAL'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// The back office's onboarding reads (docs/requirements/onboarding.md): applications, a client's
// data and documents.
export const backofficeOnboardingRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canView = requirePermission(db, 'viewClients');
  const canViewDocuments = requirePermission(db, 'viewDocuments');

  app.get(
    '/api/backoffice/applications',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Clients by status, oldest submission first',
        querystring: listQuery,
      },
      preValidation: canView,
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
      preValidation: canView,
    },
    async (request) => {
      const client = await findClientById(db, request.params.id);
      if (!client) throw notFound('Client');
      const identifications = await db.query<{
        id: string;
        document_type: string;
        status: string;
        decision_reason: string | null;
        date_of_birth: string | null;
        document_expires_on: string | null;
        created_at: Date;
      }>(
        `SELECT id, document_type, status, decision_reason, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
           to_char(document_expires_on, 'YYYY-MM-DD') AS document_expires_on, created_at
         FROM identification_submissions WHERE client_id = $1 ORDER BY created_at DESC`,
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
          company_profile: await loadCompanyProfile(db, client.id),
          update_require: {
            activity_require: client.activity_require,
            address_require: client.address_require,
            client_info_require: client.client_info_require,
            partners_require: client.partners_require,
          },
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
      const document = await loadDocument(db, request.params.id, request.params.documentId);
      if (!document) throw notFound('Document');
      return sendDocument(reply, document);
    },
  );

  // Viewing in the page, for the types a browser renders without running anything: images
  // and PDF. The answer may be framed by our own pages only, runs no script and loads
  // nothing else (a strict CSP of its own); every other type is download-only (415).
  app.get(
    '/api/backoffice/clients/:id/documents/:documentId/view',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'View a client document inline (images and PDF only)',
        params: z.strictObject({ id: z.uuid(), documentId: z.uuid() }),
      },
      preValidation: canViewDocuments,
    },
    async (request, reply) => {
      const document = await loadDocument(db, request.params.id, request.params.documentId);
      if (!document) throw notFound('Document');
      if (!INLINE_MIMES.has(document.mime))
        throw new AppError(415, 'not_viewable_inline', 'This document can only be downloaded');
      return sendDocumentInline(reply, document);
    },
  );
};

const INLINE_MIMES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

// docs/reliability.md, T10 for a document shown in the page: never sniffed, never cached, and a
// policy that lets the browser draw the image or PDF but run and fetch nothing else.
const INLINE_DOCUMENT_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

function sendDocumentInline(reply: FastifyReply, file: { fileName: string; mime: string; content: Buffer }) {
  const plain = file.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header(
      'content-disposition',
      `inline; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('content-security-policy', INLINE_DOCUMENT_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** The client's company sections (activity, client info, partners, structure) by name. */
async function loadCompanyProfile(db: Queryable, clientId: string): Promise<Record<string, unknown>> {
  const rows = await db.query<{ section: string; data: unknown }>(
    'SELECT section, data FROM company_profile_sections WHERE client_id = $1 ORDER BY section',
    [clientId],
  );
  return Object.fromEntries(rows.map((row) => [row.section, row.data]));
}

/** The client's currency accounts (once approved), their IBAN and ledger balances. */
async function listAccountsWithBalances(db: Queryable, clientId: string) {
  const rows = await db.query<{
    id: string;
    currency: string;
    name: string;
    iban: string;
    sort_code: string;
    account_number: string;
    ledger_account_id: string;
  }>(
    `SELECT a.id, a.currency, a.name, g.iban, g.sort_code, g.account_number, a.ledger_account_id
     FROM client_accounts a JOIN account_groups g ON g.id = a.group_id
     WHERE a.client_id = $1 ORDER BY a.created_at, a.currency`,
    [clientId],
  );
  const balances = await getAccounts(
    db,
    rows.map((row) => row.ledger_account_id),
  );
  return rows.map(({ ledger_account_id, ...row }) => {
    const ledger = balances.find((account) => account.id === ledger_account_id);
    return { ...row, balance: ledger?.balanceMinor ?? 0, available: ledger?.availableMinor ?? 0 };
  });
}

/** Every decision operators took about the client, newest first, with who took it. */
async function listReviews(db: Queryable, clientId: string) {
  const rows = await db.query<{
    id: string;
    action: string;
    reason: string | null;
    details: Record<string, unknown>;
    operator_email: string;
    created_at: Date;
  }>(
    `SELECT r.id, r.action, r.reason, r.details, o.email AS operator_email, r.created_at
     FROM operator_reviews r JOIN operators o ON o.id = r.operator_id
     WHERE r.client_id = $1 ORDER BY r.created_at DESC, r.id`,
    [clientId],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
