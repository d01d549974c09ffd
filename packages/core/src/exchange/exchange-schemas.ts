import { z } from 'zod';
import { positiveIntegerParam } from '../accounts/query-params';
import { AMOUNT_MAX_ANY_CURRENCY_MINOR } from '../fees/amount-limits';
import { pageMetaSchema } from '../notifications/notification-schemas';

// Currency exchange between a client's own accounts (docs/requirements/exchange.md). Amounts are
// minor units of their currency. `sell_amount` is everything that leaves the sell account; `fee`
// is the markup inside it, in the sell currency. Rates are decimal text: units of the buy
// currency one unit of the sell currency buys.

// The largest maximum of any currency bounds the form; the service holds each amount to its own
// currency's maximum before and after conversion (docs/decisions/0045).
const minor = z
  .number()
  .int()
  .positive()
  .max(AMOUNT_MAX_ANY_CURRENCY_MINOR, { error: 'The amount is larger than any exchange can be' });

export const exchangeQuoteBodySchema = z
  .strictObject({
    from_account_id: z.uuid({ error: 'Not a valid account id' }),
    to_account_id: z.uuid({ error: 'Not a valid account id' }),
    sell_amount: minor.optional(),
    buy_amount: minor.optional(),
  })
  .refine((body) => (body.sell_amount === undefined) !== (body.buy_amount === undefined), {
    error: 'Give either the amount to sell or the amount to buy',
    path: ['sell_amount'],
  })
  .refine((body) => body.from_account_id !== body.to_account_id, {
    error: 'Choose two different accounts',
    path: ['to_account_id'],
  });

export const exchangeStatuses = ['quoted', 'expired', 'completed'] as const;
export const exchangeStatusSchema = z.enum(exchangeStatuses);
export type ExchangeStatus = z.infer<typeof exchangeStatusSchema>;

export const exchangeSchema = z.object({
  id: z.string(),
  status: exchangeStatusSchema,
  /** The rate the client gets: the market rate less the markup. */
  rate: z.string(),
  market_rate: z.string(),
  markup_ppm: z.number().int(),
  sell_amount: z.number().int(),
  sell_currency: z.string(),
  buy_amount: z.number().int(),
  buy_currency: z.string(),
  fee: z.number().int(),
  /** Which amount the client typed: the other one follows from the rate. */
  fixed_side: z.enum(['sell', 'buy']),
  from_account_id: z.string(),
  to_account_id: z.string(),
  rate_source: z.string(),
  rate_as_of: z.string(),
  expires_at: z.string(),
  /** How long the quote still holds when this answer left the server: a countdown needs no clock of ours. */
  expires_in_ms: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Exchange = z.infer<typeof exchangeSchema>;

export const exchangeAnswerSchema = z.object({ data: exchangeSchema });
export const exchangeIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid exchange id' }) });

// Back office.
export const backofficeExchangeQuerySchema = z.strictObject({
  status: exchangeStatusSchema.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  client_id: z.uuid({ error: 'Not a valid client id' }).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: positiveIntegerParam({ max: 1_000_000, fallback: 1 }),
  limit: positiveIntegerParam({ max: 200, fallback: 50 }),
});
export const backofficeExchangeRowSchema = exchangeSchema.extend({
  client_id: z.string(),
  client_name: z.string(),
});
export const backofficeExchangeListSchema = z.object({
  data: z.array(backofficeExchangeRowSchema),
  meta: pageMetaSchema,
});

/** What the institution holds in each currency from exchanges: positive is long, negative short. */
export const fxPositionSchema = z.object({
  data: z.array(z.object({ currency: z.string(), position: z.number().int() })),
});
export const fxIncomeSchema = z.object({
  data: z.array(
    z.object({ day: z.string(), currency: z.string(), income: z.number().int(), count: z.number().int() }),
  ),
});
export const fxIncomeQuerySchema = z.strictObject({ days: positiveIntegerParam({ max: 366, fallback: 30 }) });
