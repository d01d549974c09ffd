import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// The OpenAPI document is generated from the same zod schemas that validate requests, so the
// reference at /api/docs cannot drift from what the API accepts. In production the reference
// is for operators only (a map of every route helps an attacker more than an integrator); in
// development and tests it stays open. The operators' guard is the auth module's, handed in by
// app.ts (a plugin imports no module).
export async function registerApiDocs(
  app: FastifyInstance,
  options: { production: boolean; requireOperator: () => onRequestHookHandler },
) {
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
    ...(options.production ? { uiHooks: { onRequest: options.requireOperator() } } : {}),
  });
}
