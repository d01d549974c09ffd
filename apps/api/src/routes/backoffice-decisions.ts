import { identificationDecisionSchema, requestDataUpdateSchema } from '@bluepeak/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../auth/clock';
import { withTransaction } from '../db/transaction';
import { onboardingPermissions, requireRole } from '../operators/operator-roles';
import { findOperatorById } from '../operators/operator-rows';
import { decideApplication, requestDataUpdate } from '../operators/review-application';
import { reviewIdentification } from '../operators/review-identification';
import { callerOperatorId, requireOperator } from '../plugins/session-auth';
import type { AuthRouteOptions } from './route-options';

const idParams = z.strictObject({ id: z.uuid() });
const done = z.object({ data: z.object({ status: z.string() }) });

// The back office's onboarding decisions (issue 4): identifications, applications and
// data-update requests. Compliance (and admin) only; each is audited with who, when and why.
export const backofficeDecisionRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const rolesOf = async (request: FastifyRequest) =>
    (await findOperatorById(db, callerOperatorId(request)))?.roles ?? [];
  const canDecide = requireRole(onboardingPermissions.decide, rolesOf);
  const reviewer = (request: FastifyRequest) => ({
    operatorId: callerOperatorId(request),
    requestId: request.id,
    ip: request.ip,
    now: clock.now(),
  });

  // An identification and a whole application are decided the same way: approve or reject,
  // with a reason, by a compliance reviewer, in one transaction.
  const decisions = [
    { path: 'identifications', what: 'an identification', decide: reviewIdentification },
    { path: 'clients', what: 'an application', decide: decideApplication },
  ] as const;
  for (const verdict of ['approve', 'reject'] as const) {
    for (const { path, what, decide } of decisions) {
      app.post(
        `/api/backoffice/${path}/:id/${verdict}`,
        {
          schema: {
            tags: ['backoffice'],
            summary: `${verdict} ${what}`,
            params: idParams,
            body: identificationDecisionSchema,
            response: { 200: done },
          },
          preHandler: canDecide,
        },
        async (request) => {
          const decision = { approve: verdict === 'approve', reason: request.body.reason };
          await withTransaction(db, (tx) => decide(tx, request.params.id, decision, reviewer(request)));
          return { data: { status: verdict === 'approve' ? 'APPROVED' : 'REJECTED' } };
        },
      );
    }
  }

  app.post(
    '/api/backoffice/clients/:id/request_update',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Ask a client to update some of their data',
        params: idParams,
        body: requestDataUpdateSchema,
        response: { 200: done },
      },
      preHandler: canDecide,
    },
    async (request) => {
      await withTransaction(db, (tx) =>
        requestDataUpdate(tx, request.params.id, request.body, reviewer(request)),
      );
      return { data: { status: 'update_requested' } };
    },
  );
};
