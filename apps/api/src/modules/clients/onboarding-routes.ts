import {
  addressSchema,
  clientDocumentListResponseSchema,
  companyDocumentsSchema,
  companyProfileSchema,
  identificationListResponseSchema,
  identificationSchema,
  identificationSubmittedResponseSchema,
  stepStatusResponseSchema,
} from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { attachmentBodyLimit, sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { attachmentStorageFor, checkAttachments } from '../attachments';
import { writeAuditEntry } from '../audit';
import { callerClientId, requireClient } from '../auth';
import { saveAddress } from './address-rows';
import { placeAt, placeInBody, refuseBadPlace } from './bad-place-guard';
import { clientActor, loadCaller } from './client-caller-guard';
import { submitApplicationIfComplete } from './client-transitions';
import { listIdentifications } from './list-identifications';
import { saveCompanyProfile } from './save-company-profile';
import { listDocuments, loadDocument, storeDocuments } from './store-documents';
import { submitIdentification } from './submit-identification';

// Identification, address and the company steps of onboarding, and the client's own files.
export const clientOnboardingRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireClient({ db, clock }));
  const context = (request: FastifyRequest) => ({ now: clock.now(), actor: clientActor(request) });
  const caller = (request: FastifyRequest) => loadCaller(db, request);

  app.post(
    '/api/client/identification',
    {
      schema: {
        tags: ['client'],
        summary: 'Upload an identity document (front, back) and a selfie for review',
        body: identificationSchema,
        response: { 201: identificationSubmittedResponseSchema },
      },
      bodyLimit: attachmentBodyLimit(3),
    },
    async (request, reply) => {
      const submission = await submitIdentification(
        db,
        storage,
        callerClientId(request),
        request.body,
        context(request),
      );
      return reply.status(201).send({ data: submission });
    },
  );

  app.get(
    '/api/client/identification',
    {
      schema: {
        tags: ['client'],
        summary: "The client's identification submissions and their review state",
        response: { 200: identificationListResponseSchema },
      },
    },
    async (request) => {
      const rows = await listIdentifications(db, callerClientId(request));
      return { data: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
    },
  );

  app.post(
    '/api/client/address',
    {
      schema: {
        tags: ['client'],
        summary: 'Give the legal (or another) address',
        body: addressSchema,
        response: { 200: stepStatusResponseSchema },
      },
      preValidation: refuseBadPlace(placeInBody),
    },
    async (request) => {
      const client = await caller(request);
      if (client.status === 'NEW') throw new AppError('phone_not_verified', 'Please verify your phone first');
      const submitted = await withTransaction(db, async (tx) => {
        const id = await saveAddress(tx, client.id, request.body, clock.now());
        await writeAuditEntry(tx, {
          ...context(request).actor,
          action: 'client.address_saved',
          objectType: 'address',
          objectId: id,
          details: { type: request.body.type },
        });
        return submitApplicationIfComplete(tx, client.id, context(request));
      });
      return { data: { status: submitted ? 'application_submitted' : 'saved' } };
    },
  );

  app.post(
    '/api/client/company_profile',
    {
      schema: {
        tags: ['client'],
        summary: "Save sections of a business client's registration",
        body: companyProfileSchema,
        response: { 200: stepStatusResponseSchema },
      },
      preValidation: refuseBadPlace(placeAt('legal_address')),
    },
    async (request) => {
      const client = await caller(request);
      const submitted = await withTransaction(db, async (tx) => {
        await saveCompanyProfile(tx, client, request.body, context(request));
        return submitApplicationIfComplete(tx, client.id, context(request));
      });
      return { data: { status: submitted ? 'application_submitted' : 'saved' } };
    },
  );

  app.post(
    '/api/client/company_documents',
    {
      schema: {
        tags: ['client'],
        summary: 'Upload company documents',
        body: companyDocumentsSchema,
        response: { 201: stepStatusResponseSchema },
      },
      bodyLimit: attachmentBodyLimit(5),
    },
    async (request, reply) => {
      const client = await caller(request);
      if (client.type !== 'CORPORATE') throw notFound('Company documents');
      const files = await checkAttachments(request.body.attachments);
      const submitted = await withTransaction(db, async (tx) => {
        const ids = await storeDocuments(tx, storage, client.id, files, null);
        await writeAuditEntry(tx, {
          ...context(request).actor,
          action: 'client.documents_uploaded',
          objectType: 'client',
          objectId: client.id,
          details: { documents: ids },
        });
        return submitApplicationIfComplete(tx, client.id, context(request));
      });
      return reply.status(201).send({ data: { status: submitted ? 'application_submitted' : 'saved' } });
    },
  );

  app.get(
    '/api/client/documents',
    {
      schema: {
        tags: ['client'],
        summary: "The client's uploaded files",
        response: { 200: clientDocumentListResponseSchema },
      },
    },
    async (request) => ({ data: await listDocuments(db, callerClientId(request)) }),
  );

  app.get(
    '/api/client/documents/:id',
    {
      schema: {
        tags: ['client'],
        summary: 'Download one of the client’s files',
        params: z.strictObject({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const document = await loadDocument(db, storage, callerClientId(request), request.params.id);
      if (!document) throw notFound('Document');
      return sendDocument(reply, document);
    },
  );
};
