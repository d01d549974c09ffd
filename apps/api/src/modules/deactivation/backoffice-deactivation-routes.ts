import {
  approveDeactivationSchema,
  backofficeDeactivationAnswerSchema,
  deactivationDecidedAnswerSchema,
  deactivationQueuePageSchema,
  rejectDeactivationSchema,
} from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator } from '../../lib/actor';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { backofficeDeactivation, listPendingDeactivations } from './deactivation-queue';
import { approveDeactivation, rejectDeactivation } from './review-deactivation';

const clientParams = z.strictObject({ clientId: z.uuid() });
const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// The back office's review of deactivation requests (docs/requirements/deactivation.md): the queue
// with each request's age and due time (24 hours after it was made), one client's request, and the
// decision. Compliance and admin only; every decision is audited and told to the client.
export const backofficeDeactivationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canReview = requirePermission(db, 'reviewDeactivations');
  const reviewer = (request: FastifyRequest) => ({
    ...actingOperator(callerOperatorId(request), request),
    now: clock.now(),
  });

  app.get(
    '/api/backoffice/deactivations',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Deactivation requests waiting for review, oldest first',
        querystring: listQuery,
        response: { 200: deactivationQueuePageSchema },
      },
      preValidation: canReview,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listPendingDeactivations(db, clock.now(), {
        limit,
        offset: (page - 1) * limit,
      });
      return { data: items, meta: { page, limit, total, total_pages: Math.ceil(total / limit) } };
    },
  );

  app.get(
    '/api/backoffice/deactivations/:clientId',
    {
      schema: {
        tags: ['backoffice'],
        summary: "A client's latest deactivation request, with what blocks approving it (404 if none)",
        params: clientParams,
        response: { 200: backofficeDeactivationAnswerSchema },
      },
      preValidation: canReview,
    },
    async (request) => ({ data: await backofficeDeactivation(db, request.params.clientId, clock.now()) }),
  );

  app.post(
    '/api/backoffice/deactivations/:clientId/approve',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          'Approve: charge the closing fee, pay any balance out to the chosen recipient, close the accounts (at once, or when the pay-outs arrive)',
        params: clientParams,
        body: approveDeactivationSchema,
        response: { 200: deactivationDecidedAnswerSchema },
      },
      preValidation: canReview,
    },
    async (request) => ({
      data: await withTransaction(db, (tx) =>
        approveDeactivation(tx, request.params.clientId, reviewer(request), { note: request.body.note }),
      ),
    }),
  );

  app.post(
    '/api/backoffice/deactivations/:clientId/reject',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Reject with a reason: the client stays approved and is told why',
        params: clientParams,
        body: rejectDeactivationSchema,
        response: { 200: deactivationDecidedAnswerSchema },
      },
      preValidation: canReview,
    },
    async (request) => ({
      data: await withTransaction(db, (tx) =>
        rejectDeactivation(tx, request.params.clientId, request.body.reason, reviewer(request)),
      ),
    }),
  );
};
