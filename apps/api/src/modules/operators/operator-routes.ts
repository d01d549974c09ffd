import {
  backofficePermissions,
  createOperatorSchema,
  hasPermission,
  invitedOperatorAnswerSchema,
  type OperatorMe,
  operatorAnswerSchema,
  operatorListSchema,
  operatorMeAnswerSchema,
  operatorReasonSchema,
} from '@bluepeak/core/backoffice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator, operatorActor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../auth';
import { deactivateOperator, findOperatorSummary, listOperators } from './manage-operators';
import { inviteOperator } from './operator-invitations';
import { requirePermission } from './operator-role-guard';

const permissionNames = Object.keys(backofficePermissions) as (keyof typeof backofficePermissions)[];

// Who the operator is (every operator) and operator management (administrators,
// docs/requirements/back-office.md).
export const backofficeOperatorRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  const totpBox = createSecretBox(options.linkKey, 'totp');
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canManage = requirePermission(db, 'manageOperators');
  const actor = (request: FastifyRequest) =>
    operatorActor(actingOperator(callerOperatorId(request), request));

  app.get(
    '/api/backoffice/me',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'The operator logged in, their roles and what those allow',
        response: { 200: operatorMeAnswerSchema },
      },
    },
    async (request) => {
      const me = await findOperatorSummary(db, callerOperatorId(request));
      if (!me) throw notFound('Operator');
      const permissions = Object.fromEntries(
        permissionNames.map((name) => [name, hasPermission(me.roles, name)]),
      ) as OperatorMe['permissions'];
      return { data: { ...me, permissions } };
    },
  );

  app.get(
    '/api/backoffice/operators',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Every operator, active first, then newest first',
        response: { 200: operatorListSchema },
      },
      preValidation: canManage,
    },
    async () => ({ data: await listOperators(db) }),
  );

  app.post(
    '/api/backoffice/operators',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          'Invite an operator: they receive a single-use link to choose a password and enrol their authenticator',
        body: createOperatorSchema,
        response: { 201: invitedOperatorAnswerSchema },
      },
      preValidation: canManage,
    },
    async (request, reply) => {
      const created = await withTransaction(db, (tx) =>
        inviteOperator(
          tx,
          request.body,
          { totpBox, publicUrl: options.config.publicUrl, now: clock.now() },
          actor(request),
        ),
      );
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    '/api/backoffice/operators/:id/deactivate',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Deactivate an operator: log-in refused, open sessions ended',
        params: z.strictObject({ id: z.uuid() }),
        body: operatorReasonSchema,
        response: { 200: operatorAnswerSchema },
      },
      preValidation: canManage,
    },
    async (request) => {
      const summary = await withTransaction(db, (tx) =>
        deactivateOperator(tx, request.params.id, request.body.reason, actor(request), clock.now()),
      );
      return { data: summary };
    },
  );
};
