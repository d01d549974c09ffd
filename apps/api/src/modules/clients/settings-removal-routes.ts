import { partnerDirections, partnerRemovalQuerySchema } from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { clientActor, loadCaller } from './client-caller-guard';
import { removeRelatedPerson } from './related-persons';
import { removePartner } from './settings-sections';

// Removing a company's related person or payment partner (docs/requirements/settings.md):
// registered inside the settings routes, behind their client session. Each removal is audited by
// its service and refused (409) where the application still needs what would go.
export const settingsRemovalRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  const context = (request: FastifyRequest) => ({ now: clock.now(), actor: clientActor(request) });
  const tags = ['client settings'];

  app.delete(
    '/api/client/settings/related_persons/:id',
    {
      schema: {
        tags,
        summary: 'Remove a related person who owns no shares and is not the last director',
        params: z.strictObject({ id: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      await removeRelatedPerson(db, client.id, request.params.id, context(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/client/settings/partners/:direction/:position',
    {
      schema: {
        tags,
        summary: 'Remove one payment partner (its place in the list and its name), never the last',
        params: z.strictObject({
          direction: z.enum(partnerDirections),
          position: z.coerce.number().int().min(0).max(49),
        }),
        querystring: partnerRemovalQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      const target = { ...request.params, name: request.query.name };
      await removePartner(db, client.id, target, context(request));
      return reply.status(204).send(null);
    },
  );
};
