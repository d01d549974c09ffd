import { z } from 'zod';
import { positiveIntegerParam } from '../accounts/query-params';
import { oneTimeCodeSchema } from '../auth/login';
import { isoDateSchema } from '../schemas/iso-date';
import { paymentTextField } from './payment-text';
import {
  fasterPayPayeeSchema,
  internalPayeeSchema,
  internationalPayeeSchema,
  type PaymentType,
  paymentTypeSchema,
  scaChallengeSchema,
  sepaPayeeSchema,
} from './recipient-schemas';

// Payments (docs/requirements/api-contract.md "Payments", docs/requirements/payments.md and
// docs/requirements/tariff.md). Money is integer minor units of the named currency. The schema
// checks the form of each field (400); the business rules (amount range, currency for the rail,
// IBAN check digits, balance) are the service's and answer 422.

export const paymentStatuses = [
  'created',
  'awaiting_confirmation',
  'processing',
  'completed',
  'rejected',
  'returned',
  'cancelled',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusSchema = z.enum(paymentStatuses, { error: 'Unknown payment status' });

/** Statuses after which nothing more happens to a payment. */
export const finalPaymentStatuses: readonly PaymentStatus[] = [
  'completed',
  'rejected',
  'returned',
  'cancelled',
];

/** The rail a payment type travels on; SWIFT carries the international type. */
export const rails = ['sepa', 'faster_pay', 'internal', 'swift'] as const;
export type PaymentRail = (typeof rails)[number];
export function railFor(type: PaymentType): PaymentRail {
  return type === 'international' ? 'swift' : type;
}

/** The Faster Payments scheme limit per payment: £1,000,000 (docs/reliability.md, bad input 6). */
export const FASTER_PAYMENTS_LIMIT_MINOR = 100_000_000;

// An amount is a JSON integer of minor units. The type and form are checked here (a string,
// a fraction, -0 or null is a 400); its range (0, negative, past 2^53, over a limit) is a 422.
export const amountSchema = z
  .number({ error: 'The amount must be a whole number of minor units' })
  .refine((value) => Number.isInteger(value) && !Object.is(value, -0), {
    error: 'The amount must be a whole number of minor units',
  });

// The currency's form is the service's to judge (docs/reliability.md, bad input 7: lowercase, not
// ISO 4217 or wrong for the rail are all 422), so here it is any short string.
const currencyInput = z.string().max(8, 'Not a currency code');

const common = {
  account_id: z.uuid({ error: 'Not a valid account id' }),
  amount: amountSchema,
  currency: currencyInput,
  recipient_id: z.uuid({ error: 'Not a valid recipient id' }).optional(),
  description: paymentTextField(140, 0).optional(),
  /** Save the payee typed in as a recipient too (it then needs its own strong authentication). */
  save_recipient: z.boolean().optional(),
};

function variant<T extends PaymentType, P extends z.ZodType>(type: T, payee: P) {
  return z.strictObject({ type: z.literal(type), ...common, recipient: payee.optional() });
}

const variants = {
  sepa: variant('sepa', sepaPayeeSchema),
  faster_pay: variant('faster_pay', fasterPayPayeeSchema),
  internal: variant('internal', internalPayeeSchema),
  international: variant('international', internationalPayeeSchema),
} as const;

const exactlyOnePayee = (body: { recipient_id?: string | undefined; recipient?: unknown }) =>
  (body.recipient_id === undefined) !== (body.recipient === undefined);
const payeeRule = { error: 'Give either recipient_id or recipient', path: ['recipient'] };

/** POST /client/payments: the type in the body (docs/requirements/api-contract.md). */
export const createPaymentSchema = z
  .discriminatedUnion('type', [variants.sepa, variants.faster_pay, variants.internal, variants.international])
  .refine(exactlyOnePayee, payeeRule);
export type CreatePayment = z.infer<typeof createPaymentSchema>;

/** POST /client/payments/{type}: the same body, where `type` may be left out. */
export function createPaymentOfTypeSchema(type: PaymentType) {
  const base = variants[type] as unknown as typeof variants.sepa;
  return base.extend({ type: z.literal(type).optional() }).refine(exactlyOnePayee, payeeRule);
}

export const paymentTypeParamsSchema = z.strictObject({ type: paymentTypeSchema });
export const paymentIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid payment id' }) });
export const confirmPaymentSchema = z.strictObject({ code: oneTimeCodeSchema });

export const PAYMENTS_PAGE_SIZE = 20;
export const PAYMENTS_MAX_PAGE_SIZE = 100;

export const paymentListQuerySchema = z
  .strictObject({
    status: paymentStatusSchema.optional(),
    type: paymentTypeSchema.optional(),
    account_id: z.uuid({ error: 'Not a valid account id' }).optional(),
    /** Created on or after this day (UTC). */
    date_from: isoDateSchema.optional(),
    /** Created on or before this day (UTC). */
    date_to: isoDateSchema.optional(),
    /** Text in the payee's name, the description or the end-to-end id. */
    q: paymentTextField(70).optional(),
    page: positiveIntegerParam({ max: 1_000_000, fallback: 1 }),
    limit: positiveIntegerParam({ max: PAYMENTS_MAX_PAGE_SIZE, fallback: PAYMENTS_PAGE_SIZE }),
  })
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    error: 'date_from is after date_to',
    path: ['date_from'],
  });
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentEventSchema = z.object({
  status: paymentStatusSchema,
  reason: z.string().nullable(),
  at: z.string(),
});

export const paymentSchema = z.object({
  id: z.string(),
  type: paymentTypeSchema,
  rail: z.enum(rails),
  status: paymentStatusSchema,
  account_id: z.string(),
  /** What the payee receives, in `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** The fee, in the account's currency (`debit_currency`). */
  fee: z.number().int(),
  /** What leaves the account: the amount (converted when the currencies differ) plus the fee. */
  total: z.number().int(),
  debit_amount: z.number().int(),
  debit_currency: z.string(),
  /** The client's rate (market + markup) from the account's currency to the payment's, or null. */
  rate: z.string().nullable(),
  market_rate: z.string().nullable(),
  recipient_id: z.string().nullable(),
  payee: z.record(z.string(), z.string()),
  description: z.string(),
  end_to_end_id: z.string(),
  status_reason: z.string().nullable(),
  on_hold: z.boolean(),
  sca: scaChallengeSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  history: z.array(paymentEventSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentResponseSchema = z.object({ data: paymentSchema });
export const paymentPageSchema = z.object({
  data: z.array(paymentSchema.omit({ history: true })),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  }),
});
