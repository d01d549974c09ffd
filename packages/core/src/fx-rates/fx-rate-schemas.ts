import { z } from 'zod';
import { positiveIntegerParam } from '../accounts/query-params';
import { uploadBankStatementSchema } from '../backoffice/bank-statements';

// Market rates per euro (the back office's rate table, its edits and its daily history, loading
// rates from a file or a feed) and a pair's rate over time. Rates are decimal text, never floats.

export const fxRateCurrencyParamsSchema = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/, 'Currency code must be 3 capital letters'),
});

export const updateFxRateSchema = z.strictObject({
  /** Units of the currency one euro buys, as decimal text ("1.0842"), never a float. */
  rate_per_eur: z
    .string()
    .regex(/^(0|[1-9]\d{0,11})(\.\d{1,12})?$/, 'A positive decimal with at most 12 decimals')
    .refine((value) => /[1-9]/.test(value), 'The rate must be positive'),
});

export const fxRateSchema = z.object({
  currency: z.string(),
  rate_per_eur: z.string(),
  source: z.enum(['reference', 'operator', 'ecb_upload', 'http']),
  as_of: z.string(),
  updated_at: z.string(),
});
export const fxRateAnswerSchema = z.object({ data: fxRateSchema });
export const fxRateListSchema = z.object({
  data: z.array(fxRateSchema),
  meta: z.object({ label: z.string() }),
});

/** Every currency's market rate per euro now, with the day it is of (the home total's estimate). */
export const marketRatesAnswerSchema = z.object({ data: z.array(fxRateSchema) });

/** The rate over time for a pair, one point a day (the exchange page's chart). */
export const rateHistoryQuerySchema = z.strictObject({
  from: z.string().regex(/^[A-Z]{3}$/, 'Currency code must be 3 capital letters'),
  to: z.string().regex(/^[A-Z]{3}$/, 'Currency code must be 3 capital letters'),
  days: positiveIntegerParam({ max: 366, fallback: 30 }),
});
export const rateHistoryAnswerSchema = z.object({
  data: z.array(z.object({ day: z.string(), rate: z.string() })),
});

export const fxRateHistorySchema = z.object({
  data: z.array(
    z.object({
      currency: z.string(),
      day: z.string(),
      rate_per_eur: z.string(),
      source: z.string(),
      fetched_at: z.string(),
    }),
  ),
});
export const fxRateHistoryQuerySchema = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  days: positiveIntegerParam({ max: 366, fallback: 30 }),
});
export const fxRatesLoadedSchema = z.object({
  data: z.object({
    source: z.string(),
    day: z.string(),
    currencies: z.number().int(),
    days: z.number().int(),
  }),
});

/** An uploaded rate file travels like every other upload: its name and base64 content. */
export const uploadRateFileSchema = uploadBankStatementSchema;
