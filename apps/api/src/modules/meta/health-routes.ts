import { healthResponseSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-unavailable';
import { pingDatabase } from './ping-database';

// Load balancers and `npm start`'s users ask this; it answers 503 when the database does not.
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      try {
        await pingDatabase(db);
        return { data: { status: 'ok' as const, database: 'ok' as const, driver: db.driver } };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ data: { status: 'unavailable', database: 'unavailable', driver: db.driver } });
      }
    },
  );
};
