import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { systemClock } from '../lib/clock';
import { requireOperator } from './session-auth';

// The OpenAPI document is generated from the same zod schemas that validate requests, so the
// reference at /api/docs cannot drift from what the API accepts. In production the reference
// is for operators only (a map of every route helps an attacker more than an integrator); in
// development and tests it stays open.
export async function registerApiDocs(app: FastifyInstance, options: { production: boolean; db: Database }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bluepeak API',
        version: '0.1.0',
        description:
          'Client, operator and reference API. Money is integer minor units with an ISO 4217 code. ' +
          'Errors are problem+json with `message`, plus `errors` on 400 and `detail` on 422.',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    ...(options.production
      ? { uiHooks: { onRequest: requireOperator({ db: options.db, clock: systemClock }) } }
      : {}),
  });
}
