import { cardWaitlistRequestSchema, cardWaitlistResponseSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import { humanCheck } from '../auth';
import { joinCardWaitlist } from './join-waitlist';

// Joining twice answers the same way as joining once, so the form cannot be used to learn
// whether an address is already on the list.
export const cardWaitlistRoutes: FastifyPluginAsyncZod<{
  db: Database;
  linkKey: Buffer;
  config: Pick<Config, 'publicUrl' | 'botCheck'>;
}> = async (app, { db, linkKey, config }) => {
  const { publicUrl } = config;
  const assertHuman = humanCheck({ db, enabled: config.botCheck, linkKey, clock: systemClock });
  app.post(
    '/api/public/card-waitlist',
    {
      schema: {
        tags: ['public'],
        summary: 'Join the payment card waiting list',
        body: cardWaitlistRequestSchema,
        response: { 202: cardWaitlistResponseSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { altcha, ...entry } = request.body;
      await assertHuman(request, altcha);
      await withTransaction(db, (tx) =>
        joinCardWaitlist(tx, entry, { requestId: request.id, ip: request.ip, publicUrl, linkKey }),
      );
      return reply.status(202).send({ data: { status: 'accepted' as const } });
    },
  );
};
