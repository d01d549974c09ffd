import {
  FX_REFERENCE_RATES_LABEL,
  fxRateAnswerSchema,
  fxRateCurrencyParamsSchema,
  fxRateListSchema,
  updateFxRateSchema,
} from '@bluepeak/core/payments';
import { isCurrencyCode } from '@bluepeak/core/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerOperatorId, requireOperator } from '../../plugins/session-auth';
import { requirePermission } from '../operators';
import { ensureFxRates, type FxRateRow, listFxRates, updateFxRate } from './fx-rates';

function toFxRate(row: FxRateRow) {
  const asOf =
    row.as_of instanceof Date ? row.as_of.toISOString().slice(0, 10) : String(row.as_of).slice(0, 10);
  return {
    currency: row.currency,
    rate_per_eur: row.rate_per_eur,
    source: row.source,
    as_of: asOf,
    updated_at: row.updated_at.toISOString(),
  };
}

// The reference FX rates (docs/requirements/payments.md): shipped in packages/core, copied into
// fx_rates at start, read by every operator with the payments role, changed by payments or admin
// (audited).
export const backofficeFxRateRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
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
    async () => ({ data: (await listFxRates(db)).map(toFxRate), meta: { label: FX_REFERENCE_RATES_LABEL } }),
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
          actor: { actorType: 'operator', actorId: operatorId, requestId: request.id, ip: request.ip },
        }),
      );
      return { data: toFxRate(row) };
    },
  );
};
