import { cardWaitlistRequestSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { writeAuditEntry } from '../audit';
import { enqueueMessage, unsubscribeLink } from '../outbox';

// Joining twice answers the same way as joining once, so the form cannot be used to learn
// whether an address is already on the list.
export const cardWaitlistRoutes: FastifyPluginAsyncZod<{
  db: Database;
  linkKey: Buffer;
  publicUrl: string;
}> = async (app, { db, linkKey, publicUrl }) => {
  app.post(
    '/api/public/card-waitlist',
    {
      schema: {
        tags: ['public'],
        summary: 'Join the payment card waiting list',
        body: cardWaitlistRequestSchema,
        response: { 202: z.object({ data: z.object({ status: z.literal('accepted') }) }) },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { email, locale } = request.body;
      await withTransaction(db, async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO card_waitlist (email, locale, consent_given_at) VALUES ($1, $2, now())
           ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
          [email, locale],
        );
        const row = inserted[0];
        if (!row) return;
        await writeAuditEntry(tx, {
          actorType: 'anonymous',
          action: 'card_waitlist.joined',
          objectType: 'card_waitlist',
          objectId: row.id,
          requestId: request.id,
          ip: request.ip,
        });
        await enqueueMessage(tx, {
          channel: 'email',
          to: email,
          subject: 'You are on the Bluepeak card waiting list',
          text:
            'Thank you for your interest. We will write to you once when the Bluepeak card is available.\n\n' +
            `To get no more e-mail from us: ${unsubscribeLink(publicUrl, linkKey, email)}`,
        });
      });
      return reply.status(202).send({ data: { status: 'accepted' as const } });
    },
  );
};
