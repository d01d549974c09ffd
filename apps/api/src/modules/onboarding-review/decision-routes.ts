import { identificationDecisionSchema, requestDataUpdateSchema } from '@bluepeak/core';
import { clientDecisionAnswerSchema, clientRequirementSchema } from '@bluepeak/core/backoffice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator } from '../../lib/actor';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { refuseWhileIdentificationRequired, requestNewIdentification } from './request-new-identification';
import { requirePasswordChange } from './require-password-change';
import { decideApplication, requestDataUpdate } from './review-application';
import { acceptDataUpdate, reviewDocument } from './review-document';
import { reviewIdentification } from './review-identification';

const idParams = z.strictObject({ id: z.uuid() });

/** An application waits while its client owes a new identity check (see request-new-identification). */
const decideAfterIdentityCheck: typeof decideApplication = async (tx, clientId, decision, reviewer) => {
  if (decision.approve) await refuseWhileIdentificationRequired(tx, clientId);
  await decideApplication(tx, clientId, decision, reviewer);
};

// The back office's onboarding decisions (docs/requirements/onboarding.md): identifications,
// applications, data-update requests, and the requirements that force a password change or a new
// identity check (docs/requirements/onboarding.md, redirects 5 and 3). Compliance (and admin) only;
// each is audited with who, when and why.
export const backofficeDecisionRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canDecide = requirePermission(db, 'decideClients');
  const reviewer = (request: FastifyRequest) => ({
    ...actingOperator(callerOperatorId(request), request),
    now: clock.now(),
  });

  // An identification and a whole application are decided the same way: approve or reject,
  // with a reason, by a compliance reviewer, in one transaction.
  const decisions = [
    { path: 'identifications', what: 'an identification', decide: reviewIdentification },
    { path: 'clients', what: 'an application', decide: decideAfterIdentityCheck },
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
            response: { 200: clientDecisionAnswerSchema },
          },
          preValidation: canDecide,
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
        response: { 200: clientDecisionAnswerSchema },
      },
      preValidation: canDecide,
    },
    async (request) => {
      await withTransaction(db, (tx) =>
        requestDataUpdate(tx, request.params.id, request.body, reviewer(request)),
      );
      return { data: { status: 'update_requested' } };
    },
  );

  // A verdict on each document of a client (a refusal says why), and the acceptance of the data
  // update a client sent, which clears what was asked (docs/requirements/settings.md).
  for (const verdict of ['accept', 'reject'] as const) {
    app.post(
      `/api/backoffice/clients/:id/documents/:documentId/${verdict}`,
      {
        schema: {
          tags: ['backoffice'],
          summary: `${verdict} a client's document`,
          params: z.strictObject({ id: z.uuid(), documentId: z.uuid() }),
          body: identificationDecisionSchema,
          response: { 200: clientDecisionAnswerSchema },
        },
        preValidation: canDecide,
      },
      async (request) => {
        const { id: clientId, documentId } = request.params;
        const decision = { accept: verdict === 'accept', reason: request.body.reason };
        await withTransaction(db, (tx) =>
          reviewDocument(tx, { clientId, documentId }, decision, reviewer(request)),
        );
        return { data: { status: verdict === 'accept' ? 'accepted' : 'rejected' } };
      },
    );
  }

  app.post(
    '/api/backoffice/clients/:id/accept_update',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Accept the data update a client sent',
        params: idParams,
        response: { 200: clientDecisionAnswerSchema },
      },
      preValidation: canDecide,
    },
    async (request) => {
      await withTransaction(db, (tx) => acceptDataUpdate(tx, request.params.id, reviewer(request)));
      return { data: { status: 'update_accepted' } };
    },
  );

  // Requirements a compliance officer places on a client, each with a written reason.
  const requirements = [
    {
      path: 'require_password_change',
      summary: 'Require the client to change their password (ends their sessions)',
      status: 'password_change_required',
      place: requirePasswordChange,
    },
    {
      path: 'request_identification',
      summary: 'Ask an ON_APPROVAL or APPROVED client to pass the identity check again',
      status: 'identification_requested',
      place: requestNewIdentification,
    },
  ] as const;
  for (const { path, summary, status, place } of requirements) {
    app.post(
      `/api/backoffice/clients/:id/${path}`,
      {
        schema: {
          tags: ['backoffice'],
          summary,
          params: idParams,
          body: clientRequirementSchema,
          response: { 200: clientDecisionAnswerSchema },
        },
        preValidation: requirePermission(db, 'decideClients'),
      },
      async (request) => {
        await withTransaction(db, (tx) => place(tx, request.params.id, request.body, reviewer(request)));
        return { data: { status } };
      },
    );
  }
};
