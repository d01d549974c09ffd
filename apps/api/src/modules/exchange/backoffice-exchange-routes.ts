import {
  backofficeExchangeListSchema,
  backofficeExchangeQuerySchema,
  fxIncomeQuerySchema,
  fxIncomeSchema,
  fxPositionSchema,
  fxRateHistoryQuerySchema,
  fxRateHistorySchema,
  fxRatesLoadedSchema,
  uploadRateFileSchema,
} from '@bluepeak/core/exchange';
import { accountCurrencyCodes } from '@bluepeak/core/reference';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../../plugins/session-auth';
import { clientDisplayName } from '../clients';
import { getAccounts, systemAccountId } from '../ledger';
import { requirePermission } from '../operators';
import { fxIncomeByDay, listExchanges } from './backoffice-exchange-rows';
import { toExchange } from './exchange-rows';
import { listRateHistory } from './rate-history';
import { ecbUploadSource, httpRateSource, loadRates, type RateSource } from './rate-sources';

const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

// The back office's FX desk (docs/requirements/exchange.md): exchanges with filters, what the
// institution is long or short per currency, FX income per day, the rate history, and loading
// rates from the ECB file or the configured HTTP source. Payments operators and admins only.
export const backofficeExchangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  app.addHook('onRequest', requireOperator({ db, clock }));
  const desk = requirePermission(db, 'managePayments');
  const actor = (request: FastifyRequest) => ({
    actorType: 'operator' as const,
    actorId: callerOperatorId(request),
    requestId: request.id,
    ip: request.ip,
  });
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

  app.get(
    '/api/backoffice/fx-rates/history',
    {
      schema: {
        tags,
        summary: 'The daily rate history per EUR, with source and time',
        querystring: fxRateHistoryQuerySchema,
        response: { 200: fxRateHistorySchema },
      },
      preValidation: desk,
    },
    async (request) => {
      const { currency, days } = request.query;
      const rows = await listRateHistory(db, {
        currencies: currency ? [currency] : undefined,
        sinceDay: dayBefore(clock.now(), days),
      });
      return { data: rows.map((row) => ({ ...row, fetched_at: row.fetched_at.toISOString() })) };
    },
  );

  const load = async (request: FastifyRequest, source: RateSource) => ({
    data: await loadRates(db, source, { now: clock.now(), actor: actor(request) }),
  });

  app.post(
    '/api/backoffice/fx-rates/upload',
    {
      schema: {
        tags,
        summary: "Load the ECB's eurofxref file (XML or CSV, base64): the newest day becomes the rates",
        body: uploadRateFileSchema,
        response: { 200: fxRatesLoadedSchema },
      },
      bodyLimit: 8 * 1024 * 1024,
      preValidation: desk,
    },
    async (request) =>
      load(request, ecbUploadSource(Buffer.from(request.body.data, 'base64').toString('utf8'))),
  );

  app.post(
    '/api/backoffice/fx-rates/fetch',
    {
      schema: {
        tags,
        summary: 'Load the rates from the configured HTTP source (FX_RATE_URL) now',
        response: { 200: fxRatesLoadedSchema },
      },
      preValidation: desk,
    },
    async (request) => {
      if (!config.fxRateUrl) {
        throw new AppError('rate_source_not_configured', 'No HTTP rate source is configured', {
          detail: 'Set FX_RATE_URL to the address of an ECB eurofxref file to fetch rates from it.',
        });
      }
      return load(request, httpRateSource(config.fxRateUrl));
    },
  );
};
