import { emailUnsubscribeRequestSchema, emailUnsubscribeResponseSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { verifyLink } from '../../lib/link-signing';
import { writeAuditEntry } from '../audit';
import { UNSUBSCRIBE_PURPOSE } from './email-unsubscribe';
import { unsubscribeEmail } from './email-unsubscribe-rows';

// Works from the signed link in any e-mail, without a log-in, and records the choice.
export const emailUnsubscribeRoutes: FastifyPluginAsyncZod<{ db: Database; linkKey: Buffer }> = async (
  app,
  { db, linkKey },
) => {
  app.post(
    '/api/public/email-unsubscribe',
    {
      schema: {
        tags: ['public'],
        summary: 'Unsubscribe an address from non-essential e-mail (signed link)',
        body: emailUnsubscribeRequestSchema,
        response: { 200: emailUnsubscribeResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      if (!verifyLink(linkKey, UNSUBSCRIBE_PURPOSE, email, request.body.signature)) {
        throw new AppError('invalid_signature', 'This unsubscribe link is not valid');
      }
      await withTransaction(db, async (tx) => {
        if (!(await unsubscribeEmail(tx, email))) return;
        await writeAuditEntry(tx, {
          actorType: 'anonymous',
          action: 'email.unsubscribed',
          objectType: 'email',
          objectId: email,
          requestId: request.id,
          ip: request.ip,
        });
      });
      return { data: { status: 'unsubscribed' as const } };
    },
  );
};
