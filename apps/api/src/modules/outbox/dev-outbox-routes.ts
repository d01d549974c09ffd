import { outboxListResponseSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { listOutbox } from './list-outbox';

const querySchema = z.strictObject({
  to: z.string().trim().min(3).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// Demo mode only (docs/requirements/api-contract.md): every e-mail and SMS the system "sent", so a
// person or a browser test can read one-time codes and links without a real mailbox. The route does
// not exist at all when demo mode is off, so it answers the ordinary JSON 404.
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Messages in the outbox (demo mode only)',
        querystring: querySchema,
        response: { 200: outboxListResponseSchema },
      },
    },
    async (request) => ({ data: await listOutbox(db, request.query) }),
  );
};
