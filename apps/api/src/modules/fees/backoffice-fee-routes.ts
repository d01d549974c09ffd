import { feeRunQuerySchema, feeRunResponseSchema } from '@bluepeak/core/fees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { feesOfMonth, type MonthFeeRow, runOfMonth } from './fee-rows';

// The back office's view of a month's fee run (docs/requirements/statements.md): what each
// client was charged and what it still owes. Re-running a month is the job's to do, and safe.
export const backofficeFeeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));

  app.get(
    '/api/backoffice/fee_runs',
    {
      schema: {
        tags: ['backoffice'],
        summary: "A month's monthly and holding fees per client, charged or owed",
        querystring: feeRunQuerySchema,
        response: { 200: feeRunResponseSchema },
      },
      preValidation: requirePermission(db, 'viewReports'),
    },
    async (request) => {
      const { month } = request.query;
      const [run, rows] = await Promise.all([runOfMonth(db, month), feesOfMonth(db, month)]);
      return {
        data: { month, finished_at: run?.finished_at?.toISOString() ?? null, clients: byClient(rows) },
      };
    },
  );
};

function byClient(rows: MonthFeeRow[]) {
  const clients = new Map<
    string,
    { client_id: string; client_name: string; fees: ReturnType<typeof feeOf>[] }
  >();
  for (const row of rows) {
    const client = clients.get(row.client_id) ?? {
      client_id: row.client_id,
      client_name: row.client_name,
      fees: [],
    };
    client.fees.push(feeOf(row));
    clients.set(row.client_id, client);
  }
  return [...clients.values()];
}

function feeOf(row: MonthFeeRow) {
  return {
    kind: row.kind,
    amount: row.amount_minor,
    currency: row.currency,
    status: row.status,
    charged_at: row.charged_at?.toISOString() ?? null,
  };
}
