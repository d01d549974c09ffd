import {
  addressSchema,
  partnerDirections,
  personDocumentSchema,
  relatedClientBodySchema,
  relatedClientListResponseSchema,
  relatedClientResponseSchema,
  relatedPersonResponseSchema,
  relatedPersonSchema,
  settingsBodies,
  settingsResponseSchema,
  settingsSavedResponseSchema,
  wealthSchema,
} from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { attachmentBodyLimit } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { attachmentStorageFor } from '../attachments';
import { requireClient } from '../auth';
import { placeInBody, refuseBadPlace } from './bad-place-guard';
import { clientActor, loadCaller } from './client-caller-guard';
import { findOwnLink, linkRelatedClient, listOwnLinks } from './related-clients';
import { addPersonDocuments, changeRelatedPerson, createRelatedPerson } from './related-persons';
import { assertMayChangeSettings } from './settings-access';
import { readSettings } from './settings-read';
import { settingsRemovalRoutes } from './settings-removal-routes';
import { type SettingsChange, saveSettingsSection } from './settings-sections';

const personParams = z.strictObject({ id: z.uuid() });
const saved = { data: { saved: true as const } };

// The settings pages under /dashboard/settings (docs/requirements/settings.md): one read for all
// of them, one write per page. Every write is audited by its service.
export const clientSettingsRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  const storage = attachmentStorageFor(config);
  app.addHook('onRequest', requireClient({ db, clock }));
  await app.register(settingsRemovalRoutes, options);
  const context = (request: FastifyRequest) => ({ now: clock.now(), actor: clientActor(request) });
  const save = async (request: FastifyRequest, change: SettingsChange) => {
    const client = await loadCaller(db, request);
    await saveSettingsSection(db, client.id, change, context(request));
    return saved;
  };
  const tags = ['client settings'];
  const savedAnswer = { 200: settingsSavedResponseSchema };

  app.get(
    '/api/client/settings',
    {
      schema: {
        tags,
        summary: 'Everything the settings pages show',
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => ({ data: await readSettings(db, await loadCaller(db, request)) }),
  );

  for (const section of ['client_info', 'contacts', 'activity_types', 'company_structure'] as const) {
    app.put(
      `/api/client/settings/${section}`,
      {
        schema: {
          tags,
          summary: `Replace the ${section.replace('_', ' ')}`,
          body: settingsBodies[section],
          response: savedAnswer,
        },
      },
      async (request) => save(request, { section, data: request.body } as SettingsChange),
    );
  }

  app.put(
    '/api/client/settings/partners/:direction',
    {
      schema: {
        tags,
        summary: 'Replace the incoming or outgoing payment partners',
        params: z.strictObject({ direction: z.enum(partnerDirections) }),
        body: settingsBodies.partners,
        response: savedAnswer,
      },
    },
    async (request) => save(request, { section: `${request.params.direction}_partners`, data: request.body }),
  );

  app.put(
    '/api/client/settings/addresses',
    {
      schema: {
        tags,
        summary: 'Give or change one address (by its type)',
        body: addressSchema,
        response: savedAnswer,
      },
      preValidation: refuseBadPlace(placeInBody),
    },
    async (request) => save(request, { section: 'address', data: request.body }),
  );

  app.post(
    '/api/client/settings/related_persons',
    {
      schema: {
        tags,
        summary: 'Add a director, shareholder, beneficial owner or signatory',
        body: relatedPersonSchema,
        response: { 201: relatedPersonResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      assertMayChangeSettings(client, 'company');
      const id = await createRelatedPerson(db, client.id, request.body, context(request));
      return reply.status(201).send({ data: await personAnswer(request, id) });
    },
  );

  const personAnswer = async (request: FastifyRequest, id: string) => {
    const client = await loadCaller(db, request);
    const person = (await readSettings(db, client)).related_persons.find((row) => row.id === id);
    if (!person) throw notFound('Related person');
    return person;
  };

  app.get(
    '/api/client/settings/related_persons/:id',
    {
      schema: {
        tags,
        summary: 'One related person',
        params: personParams,
        response: { 200: relatedPersonResponseSchema },
      },
    },
    async (request) => ({ data: await personAnswer(request, request.params.id) }),
  );

  const change = (part: 'person' | 'address' | 'wealth', body: z.ZodType, summary: string) =>
    app.put(
      `/api/client/settings/related_persons/:id${part === 'person' ? '' : `/${part}`}`,
      { schema: { tags, summary, params: personParams, body, response: savedAnswer } },
      async (request) => {
        const client = await loadCaller(db, request);
        const id = (request.params as { id: string }).id;
        await changeRelatedPerson(db, client.id, id, { [part]: request.body } as never, context(request));
        return saved;
      },
    );
  change('person', relatedPersonSchema, "Change a related person's details");
  change('address', addressSchema, "Give or change a related person's address");
  change('wealth', wealthSchema, "Give or change a related person's source of wealth");

  app.post(
    '/api/client/settings/related_persons/:id/documents',
    {
      schema: {
        tags,
        summary: "Upload a related person's document or identity document",
        params: personParams,
        body: personDocumentSchema,
        response: { 201: relatedPersonResponseSchema },
      },
      bodyLimit: attachmentBodyLimit(3),
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      const input = {
        clientId: client.id,
        personId: request.params.id,
        attachments: request.body.attachments,
      };
      await addPersonDocuments(db, storage, input, context(request));
      return reply.status(201).send({ data: await personAnswer(request, request.params.id) });
    },
  );

  app.get(
    '/api/client/settings/related_clients',
    {
      schema: {
        tags,
        summary: 'The other clients of ours this client is related to',
        response: { 200: relatedClientListResponseSchema },
      },
    },
    async (request) => ({ data: await listOwnLinks(db, (await loadCaller(db, request)).id) }),
  );

  app.get(
    '/api/client/settings/related_clients/:id',
    {
      schema: {
        tags,
        summary: 'One related client as this client declared it',
        params: personParams,
        response: { 200: relatedClientResponseSchema },
      },
    },
    async (request) => ({
      data: await findOwnLink(db, (await loadCaller(db, request)).id, request.params.id),
    }),
  );

  app.post(
    '/api/client/settings/related_clients',
    {
      schema: {
        tags,
        summary:
          'Name another client of ours by e-mail or account, with the relationship (answered alike, matched or not)',
        body: relatedClientBodySchema,
        response: { 201: relatedClientResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      assertMayChangeSettings(client, 'person');
      const link = await linkRelatedClient(db, client.id, request.body, context(request));
      return reply.status(201).send({ data: link });
    },
  );
};
