import { devEscrowDeadlineResponseSchema, escrowIdParamsSchema } from '@bluepeak/core/escrow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { moveDeadlineToYesterday } from './escrow-rows';

// Demo mode only, like /api/dev/outbox: a browser journey cannot wait weeks for a deal's
// deadline, so this moves it to yesterday. The route does not exist when demo mode is off.
export const devEscrowRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/dev/escrows/:id/deadline_passed',
    {
      schema: {
        tags: ['demo'],
        summary: "Move an escrow deal's deadline to yesterday (demo mode only)",
        params: escrowIdParamsSchema,
        response: { 200: devEscrowDeadlineResponseSchema },
      },
    },
    async (request) => {
      const row = await moveDeadlineToYesterday(db, request.params.id);
      if (!row) throw notFound('Escrow deal');
      await writeAuditEntry(db, {
        actorType: 'anonymous',
        action: 'escrow.demo_deadline_passed',
        objectType: 'escrow_deal',
        objectId: row.id,
        requestId: request.id,
        ip: request.ip,
      });
      return { data: row };
    },
  );
};
