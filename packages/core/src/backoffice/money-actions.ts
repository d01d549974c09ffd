import { z } from 'zod';
import { countryCodeSchema } from '../reference/countries';
import { plainText } from '../schemas/plain-text';
import { currencyCodeSchemaForReports } from './currency';

// The back office's money actions (docs/requirements/back-office.md). Amounts are JSON integers of
// minor units, never strings or fractions (docs/reliability.md, bad input 5 and 6).
const amountMinor = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * An incoming payment as the partner bank reports it: to one of our clients' IBANs, in a
 * currency that account holds, with the bank's own reference (its end-to-end id), which
 * makes a second report of the same payment a conflict rather than a second credit.
 */
export const incomingPaymentSchema = z.strictObject({
  iban: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/, 'Not an IBAN')),
  currency: currencyCodeSchemaForReports,
  amount: amountMinor,
  rail: z.enum(['sepa', 'faster_pay', 'swift']),
  payer_name: plainText(140),
  /** The payer's country decides the incoming fee's region (UK, EEA, international). */
  payer_country: countryCodeSchema,
  payer_iban: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{1,40}$/, 'Not an IBAN')
    .optional(),
  bank_reference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,34}$/, 'Letters, digits, dots, dashes and underscores; at most 35'),
  remittance: plainText(140).optional(),
});
export type IncomingPaymentInput = z.infer<typeof incomingPaymentSchema>;

export const adjustmentDirections = ['credit', 'debit'] as const;

/** A proposed manual adjustment of a client's balance; a second operator must approve it. */
export const proposeAdjustmentSchema = z.strictObject({
  client_id: z.uuid(),
  currency: currencyCodeSchemaForReports,
  direction: z.enum(adjustmentDirections),
  amount: amountMinor,
  reason: plainText(1000, 10),
});
export type ProposeAdjustmentInput = z.infer<typeof proposeAdjustmentSchema>;

export const adjustmentDecisionSchema = z.strictObject({
  reason: plainText(1000, 3).optional(),
});

export const adjustmentStatuses = ['proposed', 'approved', 'rejected'] as const;
export const adjustmentListQuerySchema = z.strictObject({
  status: z.enum(adjustmentStatuses).default('proposed'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
