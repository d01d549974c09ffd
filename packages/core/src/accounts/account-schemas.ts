import { z } from 'zod';
import { defaultTextField } from '../auth/field-rules';
import { accountCurrencyCodeSchema } from '../reference/currencies';
import { IBAN_FORMAT } from './iban';
import { positiveIntegerParam } from './query-params';

// The client's accounts (docs/requirements/accounts.md,
// docs/requirements/api-contract.md). Money is integer minor units of the account's currency
// (`balance: 12345` in a EUR account is 123.45 EUR); `currency.exponent` says how many of those
// digits are decimals, so no client has to guess.
export const accountCurrencySchema = z.object({
  code: z.string(),
  name: z.string(),
  exponent: z.number().int(),
});

export const accountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Posted balance in minor units, straight from the ledger. */
  balance: z.number().int(),
  /** The balance less money held by pending payments: what the client may still spend. */
  available_balance: z.number().int(),
  currency: accountCurrencySchema,
});

/** One group per client: its IBAN (and UK sort code and account number) over all currencies. */
export const accountGroupSchema = z.object({
  id: z.string(),
  iban: z.string(),
  bic: z.string(),
  accounts: z.object({ data: z.array(accountSummarySchema) }),
});

export const accountGroupsResponseSchema = z.object({ data: z.array(accountGroupSchema) });

export const accountEntrySchema = z.object({
  /** The ledger transfer behind the line. */
  id: z.string(),
  /** What it is: incoming_payment, sepa_payment, payment_fee, account_opening_fee, ... */
  code: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: z.number().int(),
  /** The account's balance after this line (running balance from the ledger's entries). */
  balance_after: z.number().int(),
  reference_type: z.string(),
  reference_id: z.string(),
  /** When the business event happened (value date). */
  event_at: z.string(),
  created_at: z.string(),
});

export const accountDetailsSchema = accountSummarySchema.extend({
  group_id: z.string(),
  holder_name: z.string(),
  iban: z.string(),
  bic: z.string(),
  /** UK details: only on a GBP account, where Faster Payments reach it. */
  sort_code: z.string().nullable(),
  account_number: z.string().nullable(),
  opened_at: z.string(),
  /** Newest first. */
  transactions: z.object({ data: z.array(accountEntrySchema) }),
});

export const accountDetailsResponseSchema = z.object({ data: accountDetailsSchema });

export const accountIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid account id' }) });

export const accountDetailsQuerySchema = z.strictObject({
  limit: positiveIntegerParam({ max: 100, fallback: 20 }),
});

/** POST /client/accounts: open an account in another of the offered currencies. */
export const openAccountBodySchema = z.strictObject({
  currency: accountCurrencyCodeSchema,
  name: defaultTextField(70).optional(),
});

export const openAccountResponseSchema = z.object({
  data: accountSummarySchema.extend({ group_id: z.string() }),
});

/** POST /client/accounts/{id}/close: an empty currency account leaves the lists (reopened by opening it again). */
export const closeAccountAnswerSchema = z.object({
  data: z.object({ id: z.string(), currency: z.string(), closed_at: z.string() }),
});

// POST /client/iban/{iban}/check (docs/requirements/validation.md and
// docs/requirements/api-contract.md). A malformed IBAN is a 400, a well-formed one with wrong check
// digits or length a 422; both answers carry `errors`, which is what the web form reads to say
// 'This IBAN is not valid'.
export const ibanCheckParamsSchema = z.strictObject({
  iban: z.string().max(34).regex(IBAN_FORMAT, 'Invalid IBAN format'),
});

/** The check takes no body; anything sent is refused rather than silently ignored. */
export const ibanCheckBodySchema = z.strictObject({}).nullish();

export const ibanCheckResponseSchema = z.object({
  data: z.object({
    iban: z.string(),
    country: z.string(),
    /** The bank's BIC from the national bank directory, or null where we have none. */
    bank_swift_code: z.string().nullable(),
    sepa_reachable: z.boolean(),
  }),
});

export const referralsResponseSchema = z.object({
  data: z.object({
    referral_id: z.string(),
    link: z.string(),
    referrals: z.object({
      data: z.array(
        z.object({
          /** First name and initial, or the company name: enough to recognise, no more. */
          name: z.string(),
          type: z.enum(['PRIVATE', 'CORPORATE']),
          approved: z.boolean(),
          signed_up_at: z.string(),
        }),
      ),
    }),
  }),
});

export type AccountSummary = z.infer<typeof accountSummarySchema>;
export type AccountGroup = z.infer<typeof accountGroupSchema>;
export type AccountEntry = z.infer<typeof accountEntrySchema>;
export type AccountDetails = z.infer<typeof accountDetailsSchema>;
export type OpenAccountBody = z.infer<typeof openAccountBodySchema>;
export type IbanCheckResponse = z.infer<typeof ibanCheckResponseSchema>;
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;
