import {
  FX_REFERENCE_RATES_LABEL,
  fxRateAnswerSchema,
  fxRateCurrencyParamsSchema,
  fxRateHistoryQuerySchema,
  fxRateHistorySchema,
  fxRateListSchema,
  fxRatesLoadedSchema,
  updateFxRateSchema,
  uploadRateFileSchema,
} from '@bluepeak/core/fx-rates';
import { isCurrencyCode } from '@bluepeak/core/reference';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { actingOperator, operatorActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../auth';
import { requirePermission } from '../operators';
import { listRateHistory } from './fx-rate-history-rows';
import { ensureFxRates, fxRateView, listMarketRates, updateFxRate } from './fx-rates';
import { ecbUploadSource, httpRateSource, loadRates, type RateSource } from './rate-sources';

const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

// The reference FX rates (docs/requirements/payments.md): shipped in packages/core, copied into
// fx_rates at start, read by every operator with the payments role, changed by payments or admin
// (audited). Their daily history and loading them from the ECB file or the configured HTTP source
// (docs/requirements/exchange.md) are for the same operators.
export const backofficeFxRateRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  await ensureFxRates(db);
  app.addHook('onRequest', requireOperator({ db, clock }));
  const paymentsRole = requirePermission(db, 'managePayments');

  app.get(
    '/api/backoffice/fx-rates',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Reference FX rates per EUR',
        response: { 200: fxRateListSchema },
      },
      preValidation: paymentsRole,
    },
    async () => ({ data: await listMarketRates(db), meta: { label: FX_REFERENCE_RATES_LABEL } }),
  );

  app.put(
    '/api/backoffice/fx-rates/:currency',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Set the reference rate of a currency (units per EUR)',
        params: fxRateCurrencyParamsSchema,
        body: updateFxRateSchema,
        response: { 200: fxRateAnswerSchema },
      },
      preValidation: paymentsRole,
    },
    async (request) => {
      const { currency } = request.params;
      if (!isCurrencyCode(currency) || currency === 'EUR')
        throw new AppError('currency_invalid', 'Not a currency whose rate can be set', {
          detail: 'Not an ISO 4217 currency other than EUR',
        });
      const operatorId = callerOperatorId(request);
      const row = await withTransaction(db, (tx) =>
        updateFxRate(tx, {
          currency,
          ratePerEur: request.body.rate_per_eur,
          operatorId,
          actor: operatorActor(actingOperator(operatorId, request)),
        }),
      );
      return { data: fxRateView(row) };
    },
  );

  app.get(
    '/api/backoffice/fx-rates/history',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'The daily rate history per EUR, with source and time',
        querystring: fxRateHistoryQuerySchema,
        response: { 200: fxRateHistorySchema },
      },
      preValidation: paymentsRole,
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

  const load = async (request: FastifyRequest, source: RateSource) => {
    const actor = operatorActor(actingOperator(callerOperatorId(request), request));
    return { data: await loadRates(db, source, { now: clock.now(), actor }) };
  };

  app.post(
    '/api/backoffice/fx-rates/upload',
    {
      schema: {
        tags: ['backoffice'],
        summary: "Load the ECB's eurofxref file (XML or CSV, base64): the newest day becomes the rates",
        body: uploadRateFileSchema,
        response: { 200: fxRatesLoadedSchema },
      },
      bodyLimit: 8 * 1024 * 1024,
      preValidation: paymentsRole,
    },
    async (request) =>
      load(request, ecbUploadSource(Buffer.from(request.body.data, 'base64').toString('utf8'))),
  );

  app.post(
    '/api/backoffice/fx-rates/fetch',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Load the rates from the configured HTTP source (FX_RATE_URL) now',
        response: { 200: fxRatesLoadedSchema },
      },
      preValidation: paymentsRole,
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
