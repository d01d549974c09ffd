import {
  exchangeAnswerSchema,
  exchangeIdParamsSchema,
  exchangeQuoteBodySchema,
} from '@bluepeak/core/exchange';
import {
  marketRatesAnswerSchema,
  rateHistoryAnswerSchema,
  rateHistoryQuerySchema,
} from '@bluepeak/core/fx-rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, requireClient } from '../auth';
import { clientActor, loadCaller } from '../clients';
import { listMarketRates, pairRateHistory, snapshotRateHistory } from '../fx-rates';
import { confirmExchange } from './confirm-exchange';
import { findClientExchange, toExchange } from './exchange-rows';
import { quoteExchange } from './quote-exchange';

// Currency exchange between the client's own accounts (docs/requirements/exchange.md): a quote
// that holds for a while, its confirmation (no one-time code: both accounts are the client's
// own), the market rates now and a pair's rate over time. Another client's quote is a 404.
export const clientExchangeRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, config, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  await snapshotRateHistory(db, clock.now());
  const settings = { quoteSeconds: config.exchangeQuoteSeconds, maxRateAgeHours: config.fxRateMaxAgeHours };

  app.post(
    '/api/client/exchanges/quote',
    {
      schema: {
        tags: ['exchange'],
        summary: 'Quote an exchange between two of your accounts: give the amount to sell or to buy',
        body: exchangeQuoteBodySchema,
        response: { 201: exchangeAnswerSchema },
      },
    },
    async (request, reply) => {
      const client = await loadCaller(db, request);
      const { body } = request;
      const side = body.sell_amount === undefined ? 'buy' : 'sell';
      const now = clock.now();
      const row = await quoteExchange(
        db,
        {
          client,
          fromAccountId: body.from_account_id,
          toAccountId: body.to_account_id,
          side,
          amount: (side === 'sell' ? body.sell_amount : body.buy_amount) ?? 0,
          now,
          actor: clientActor(request),
        },
        settings,
      );
      return reply.status(201).send({ data: toExchange(row, now) });
    },
  );

  app.get(
    '/api/client/exchanges/:id',
    {
      schema: {
        tags: ['exchange'],
        summary: 'One quote or exchange, with its status (quoted, expired or completed)',
        params: exchangeIdParamsSchema,
        response: { 200: exchangeAnswerSchema },
      },
    },
    async (request) => {
      const row = await findClientExchange(db, callerClientId(request), request.params.id);
      if (!row) throw notFound('Exchange');
      return { data: toExchange(row, clock.now()) };
    },
  );

  app.post(
    '/api/client/exchanges/:id/confirm',
    {
      schema: {
        tags: ['exchange'],
        summary:
          'Confirm a quote before it expires: books exactly the quoted amounts (needs an Idempotency-Key)',
        params: exchangeIdParamsSchema,
        response: { 200: exchangeAnswerSchema },
      },
    },
    async (request, reply) => {
      // Another client's quote is a 404 whatever the headers, so nothing can be probed.
      if (!(await findClientExchange(db, callerClientId(request), request.params.id)))
        throw notFound('Exchange');
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const answer = await confirmExchange(db, {
        clientId: callerClientId(request),
        exchangeId: request.params.id,
        key,
        now: () => clock.now(),
        actor: clientActor(request),
      });
      return sendAnswer(reply, { status: 200, ...answer });
    },
  );

  app.get(
    '/api/client/exchange-rates/history',
    {
      schema: {
        tags: ['exchange'],
        summary: "A pair's market rate, one point a day, over the last days (30 unless asked)",
        querystring: rateHistoryQuerySchema,
        response: { 200: rateHistoryAnswerSchema },
      },
    },
    async (request) => ({ data: await pairRateHistory(db, { ...request.query, now: clock.now() }) }),
  );

  app.get(
    '/api/client/exchange-rates',
    {
      schema: {
        tags: ['exchange'],
        summary: 'The market rate per EUR of every currency now, with the day each is of',
        response: { 200: marketRatesAnswerSchema },
      },
    },
    async () => ({ data: await listMarketRates(db) }),
  );
};
