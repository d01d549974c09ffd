import {
  backofficeExchangeListSchema,
  backofficeExchangeQuerySchema,
  fxIncomeQuerySchema,
  fxIncomeSchema,
  fxPositionSchema,
} from '@bluepeak/core/exchange';
import { accountCurrencyCodes } from '@bluepeak/core/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireOperator } from '../auth';
import { clientDisplayName } from '../clients';
import { getAccounts, systemAccountId } from '../ledger';
import { requirePermission } from '../operators';
import { fxIncomeByDay, listExchanges } from './backoffice-exchange-rows';
import { toExchange } from './exchange-rows';

const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

// The back office's FX desk (docs/requirements/exchange.md): exchanges with filters, what the
// institution is long or short per currency and FX income per day (the rate history and loading
// rates are the fx-rates module's). Payments operators and admins only.
export const backofficeExchangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const desk = requirePermission(db, 'managePayments');
  const tags = ['backoffice'];

  app.get(
    '/api/backoffice/exchanges',
    {
      schema: {
        tags,
        summary: 'Exchanges and quotes, newest first, by status, currency, client and day',
        querystring: backofficeExchangeQuerySchema,
        response: { 200: backofficeExchangeListSchema },
      },
      preValidation: desk,
    },
    async (request) => {
      const { query } = request;
      const now = clock.now();
      const rows = await listExchanges(db, { ...query, clientId: query.client_id, now });
      const total = rows[0]?.total ?? 0;
      return {
        data: rows.map((row) => ({
          ...toExchange(row, now),
          client_id: row.client_id,
          client_name: clientDisplayName({ ...row, type: row.client_type }) || row.email,
        })),
        meta: { page: query.page, limit: query.limit, total, total_pages: Math.ceil(total / query.limit) },
      };
    },
  );

  app.get(
    '/api/backoffice/fx-position',
    {
      schema: {
        tags,
        summary: 'The FX position per currency: positive is long, negative short',
        response: { 200: fxPositionSchema },
      },
      preValidation: desk,
    },
    async () => {
      const accounts = await getAccounts(
        db,
        accountCurrencyCodes.map((code) => systemAccountId(code, 'fx_position')),
      );
      return {
        data: accounts.map((account) => ({ currency: account.currency, position: account.balanceMinor })),
      };
    },
  );

  app.get(
    '/api/backoffice/fx-income',
    {
      schema: {
        tags,
        summary: 'FX income (the markup of completed exchanges) per day and currency',
        querystring: fxIncomeQuerySchema,
        response: { 200: fxIncomeSchema },
      },
      preValidation: desk,
    },
    async (request) => ({
      data: await fxIncomeByDay(db, { sinceDay: dayBefore(clock.now(), request.query.days) }),
    }),
  );
};
