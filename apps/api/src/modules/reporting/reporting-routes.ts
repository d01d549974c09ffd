import {
  ledgerReportAnswerSchema,
  reconciliationAnswerSchema,
  reconciliationQuerySchema,
  recordedReconciliationListSchema,
  recordReconciliationSchema,
} from '@bluepeak/core/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, readDb, requireOperator } from '../auth';
import { bankFiguresFor } from '../bank-statements';
import { checkLedgerInvariants } from '../ledger';
import { requirePermission } from '../operators';
import { listRecordedReconciliations } from './reconciliation-rows';
import { reconcileSafeguarding, recordReconciliation } from './safeguarding-reconciliation';

// Reporting for operators (docs/requirements/reporting.md): the ledger's invariant check and the
// daily safeguarding reconciliation, on one page of the back office. The internal reconciliation
// also runs by itself once a day (daily-reconciliation.ts, started by apps/api/src/jobs.ts).
export const backofficeReportingRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const canView = requirePermission(db, 'viewReports');
  const today = () => clock.now().toISOString().slice(0, 10);
  const notInFuture = (date: string) => {
    if (date > today())
      throw new AppError('date_in_future', 'The date is in the future', {
        detail: 'A day can be reconciled once it has begun.',
      });
  };

  app.get(
    '/api/backoffice/reports/ledger',
    {
      schema: {
        tags: ['backoffice'],
        summary: "The ledger's invariant check, run now",
        response: { 200: ledgerReportAnswerSchema },
      },
      preValidation: canView,
    },
    async () => {
      const report = await checkLedgerInvariants(db);
      return {
        data: {
          ok: report.ok,
          checked_at: report.checkedAt.toISOString(),
          counts: report.counts,
          checks: report.checks,
          breaks: report.breaks,
        },
      };
    },
  );

  app.get(
    '/api/backoffice/reports/safeguarding',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Client balances per currency against the safeguarding account at the end of a day (UTC)',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationAnswerSchema },
      },
      preValidation: canView,
    },
    async (request) => {
      const date = request.query.date ?? today();
      notInFuture(date);
      return { data: await reconcileSafeguarding(db, date, await bankFiguresFor(db, date)) };
    },
  );

  app.get(
    '/api/backoffice/reports/safeguarding/history',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Recorded reconciliations, newest first',
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: recordedReconciliationListSchema },
      },
      preValidation: canView,
    },
    async (request) => ({
      data: await listRecordedReconciliations(readDb(request, db), request.query.limit),
    }),
  );

  app.post(
    '/api/backoffice/reports/safeguarding',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          "Record a day's reconciliation, with the safeguarding bank's balances; breaks go to the audit log",
        body: recordReconciliationSchema,
        response: { 201: reconciliationAnswerSchema },
      },
      preValidation: requirePermission(db, 'recordReconciliation'),
    },
    async (request, reply) => {
      notInFuture(request.body.date);
      const result = await withTransaction(db, (tx) =>
        recordReconciliation(tx, request.body, actingOperator(callerOperatorId(request), request)),
      );
      return reply.status(201).send({ data: result });
    },
  );
};
