import { z } from 'zod';
import { paymentTypeSchema } from './recipient-schemas';

// GET /api/client/payments/fee_preview (docs/payments.md): what a payment would cost, asked by
// the payment form while the client types, before anything is created. It is priced by the
// code that prices the payment itself, so the form shows the fee and total that will be
// charged. Query strings arrive as text: an amount is plain digits only (no sign, exponent or
// fraction), and a repeated parameter fails the string check.

const countryParam = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Country code must be 2 capital letters')
  .optional();

export const paymentFeePreviewQuerySchema = z.strictObject({
  type: paymentTypeSchema,
  account_id: z.uuid({ error: 'Not a valid account id' }),
  amount: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'The amount must be a positive whole number of minor units')
    .transform(Number)
    .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, 'The amount is too large')),
  currency: z.string().max(8, 'Not a currency code'),
  /** The payee's country and its bank's (core's payeeCountries): either on the high-risk list adds the surcharge. */
  payee_country: countryParam,
  bank_country: countryParam,
});
export type PaymentFeePreviewQuery = z.infer<typeof paymentFeePreviewQuerySchema>;

export const paymentFeePreviewSchema = z.object({
  /** What the payee would receive, in `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** The fee, in the account's currency (`debit_currency`). */
  fee: z.number().int(),
  /** The amount in the account's currency (converted at `rate` when the currencies differ). */
  debit_amount: z.number().int(),
  debit_currency: z.string(),
  /** What would leave the account: `debit_amount` plus `fee`. */
  total: z.number().int(),
  rate: z.string().nullable(),
  market_rate: z.string().nullable(),
  /** The account's available balance now, and whether it covers `total`. */
  available_balance: z.number().int(),
  sufficient_funds: z.boolean(),
});
export type PaymentFeePreview = z.infer<typeof paymentFeePreviewSchema>;
export const paymentFeePreviewResponseSchema = z.object({ data: paymentFeePreviewSchema });
