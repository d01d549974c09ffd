import { z } from 'zod';
import { attachmentNameSchema, isStrictBase64 } from '../onboarding/attachment';
import { plainText } from '../schemas/plain-text';

// Incoming money from the safeguarding bank: statement files (camt.053) travel as base64 inside
// JSON, like every other upload; the answer says what each credit became. Amounts are integer
// minor units.
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

const iban = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/, 'Not an IBAN'));

export const uploadBankStatementSchema = z.strictObject({
  file_name: attachmentNameSchema,
  data: z
    .string()
    .min(4)
    // A little over the limit, so the API can measure the bytes and answer 413 (as for attachments).
    .max(4 * Math.ceil((MAX_STATEMENT_BYTES + 1024) / 3))
    .refine(isStrictBase64, 'Standard base64'),
});
export type UploadBankStatementInput = z.infer<typeof uploadBankStatementSchema>;

export const bankCreditStatuses = [
  'booked',
  'unmatched',
  'awaiting_approval',
  'resolved',
  'returned',
] as const;
export const unmatchedReasons = [
  'unknown_iban',
  'account_closed',
  'account_frozen',
  'currency_not_held',
  'ambiguous',
  'no_iban',
] as const;

export const bankCreditSchema = z.object({
  id: z.uuid(),
  import_id: z.uuid(),
  bank_reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  booking_date: z.string(),
  creditor_iban: z.string().nullable(),
  debtor_name: z.string().nullable(),
  debtor_iban: z.string().nullable(),
  remittance: z.string().nullable(),
  status: z.enum(bankCreditStatuses),
  unmatched_reason: z.enum(unmatchedReasons).nullable(),
  client_id: z.uuid().nullable(),
  client_email: z.string().nullable(),
  assigned_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  note: z.string().nullable(),
  /** True when it awaits approval, or its amount alone is past one operator's 24-hour limit. */
  needs_second_operator: z.boolean(),
  created_at: z.string(),
});
export type BankCredit = z.infer<typeof bankCreditSchema>;

export const bankStatementImportSchema = z.object({
  id: z.uuid(),
  kind: z.literal('camt.053'),
  message_id: z.string(),
  file_name: z.string(),
  credits_booked: z.number().int(),
  credits_unmatched: z.number().int(),
  credits_duplicate: z.number().int(),
  entries_skipped: z.number().int(),
  balances: z.array(z.object({ date: z.string(), currency: z.string(), closing_booked: z.number().int() })),
  imported_by: z.string(),
  imported_at: z.string(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

export const bankStatementImportResultSchema = z.object({
  data: bankStatementImportSchema.extend({
    /** The credits this upload recorded (duplicates are not repeated here). */
    credits: z.array(bankCreditSchema),
    duplicates: z.array(z.string()),
  }),
});
export const bankStatementImportListSchema = z.object({ data: z.array(bankStatementImportSchema) });

export const bankCreditListQuerySchema = z.strictObject({
  status: z.enum(bankCreditStatuses).default('unmatched'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const bankCreditListSchema = z.object({ data: z.array(bankCreditSchema) });
export const bankCreditAnswerSchema = z.object({ data: bankCreditSchema });

/** Give an unmatched credit to the client account with this IBAN (in the credit's currency). */
export const assignBankCreditSchema = z.strictObject({ iban, note: plainText(1000, 3).optional() });
export type AssignBankCreditInput = z.infer<typeof assignBankCreditSchema>;
/** Mark an unmatched credit to be sent back to the payer: a reason is required. */
export const returnBankCreditSchema = z.strictObject({ reason: plainText(1000, 3) });
export const bankCreditDecisionSchema = z.strictObject({ reason: plainText(1000, 3).optional() });

export const manualCreditStatuses = ['pending', 'approved', 'rejected'] as const;
export const manualCreditSchema = z.object({
  id: z.uuid(),
  bank_reference: z.string(),
  client_id: z.uuid(),
  client_email: z.string(),
  iban: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  payer_name: z.string(),
  status: z.enum(manualCreditStatuses),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  credit_transfer_id: z.string().nullable(),
});
export type ManualCredit = z.infer<typeof manualCreditSchema>;
export const manualCreditListQuerySchema = z.strictObject({
  status: z.enum(manualCreditStatuses).default('pending'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const manualCreditListSchema = z.object({ data: z.array(manualCreditSchema) });
export const manualCreditAnswerSchema = z.object({ data: manualCreditSchema });

/** The answer to a credit typed by hand: booked at once, or waiting for a second operator. */
export const recordedIncomingPaymentSchema = z.object({
  data: z.union([
    z.object({
      status: z.literal('booked'),
      reference: z.string(),
      client_id: z.uuid(),
      account_id: z.uuid(),
      amount: z.number().int(),
      currency: z.string(),
      fee: z.number().int(),
      credit_transfer_id: z.string(),
      fee_transfer_id: z.string().nullable(),
    }),
    manualCreditSchema.extend({ status: z.literal('pending') }),
  ]),
});
