import { z } from 'zod';
import { addressLineSchema, digitsOnly, latinNumField } from '../auth/field-rules';
import { validationMessages } from '../auth/validation-messages';
import { countryCodeSchema } from '../reference/countries';
import { bicSchema, paymentTextField } from './payment-text';

// Recipients (saved beneficiaries) and the payee of a payment, per payment type, with the
// fields of docs/requirements/payments.md ("Types and their fields"). The same objects are the
// `recipient` of a new payment, so a payee typed into the form and a saved one are checked alike.
export const paymentTypes = ['sepa', 'faster_pay', 'internal', 'international'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentTypeSchema = z.enum(paymentTypes, { error: 'Unknown payment type' });

// The IBAN is checked for shape here (400) and for its country's length and check digits by
// the API with ibantools (422, docs/reliability.md, bad input 8). Spaces are allowed as typed.
const ibanInput = z
  .string()
  .trim()
  .max(42, 'At most 34 characters')
  .transform((value) => value.replace(/ /g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/, validationMessages.iban));

const optionalAddress = addressLineSchema.optional();

export const sepaPayeeSchema = z.strictObject({
  name: paymentTextField(70),
  iban: ibanInput,
  bic: bicSchema.optional(),
  address: optionalAddress,
  bank_address: optionalAddress,
  reg_number: latinNumField(35).optional(),
});

export const fasterPayPayeeSchema = z.strictObject({
  name: paymentTextField(70),
  sort_code: z
    .string()
    .trim()
    .transform((value) => value.replace(/[ -]/g, ''))
    .pipe(digitsOnly(6, 'A sort code is 6 digits')),
  // Both as people copy them from a statement: "20 00 00", "20-00-00", "5577 9911".
  account_number: z
    .string()
    .trim()
    .transform((value) => value.replace(/[ -]/g, ''))
    .pipe(digitsOnly(8, 'A UK account number is 8 digits')),
});

export const internationalPayeeSchema = z.strictObject({
  name: paymentTextField(70),
  reg_number: latinNumField(35).optional(),
  address: addressLineSchema,
  country: countryCodeSchema,
  /** An IBAN where the country uses them, otherwise the bank's account number. */
  account_number: latinNumField(34),
  bank_name: paymentTextField(70),
  swift: bicSchema,
  bank_address: optionalAddress,
  correspondent_bank: bicSchema.optional(),
});

/** Another client of ours: by the IBAN or the 8-digit account number of their account group. */
export const internalPayeeSchema = z.strictObject({
  name: paymentTextField(70),
  reg_number: latinNumField(35).optional(),
  account_number: z
    .string()
    .trim()
    .max(42)
    .transform((value) => value.replace(/ /g, '').toUpperCase())
    .pipe(z.string().regex(/^([0-9]{8}|[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30})$/, 'An account number or IBAN')),
});

export const payeeSchemas = {
  sepa: sepaPayeeSchema,
  faster_pay: fasterPayPayeeSchema,
  internal: internalPayeeSchema,
  international: internationalPayeeSchema,
} as const;

export type SepaPayee = z.infer<typeof sepaPayeeSchema>;
export type FasterPayPayee = z.infer<typeof fasterPayPayeeSchema>;
export type InternationalPayee = z.infer<typeof internationalPayeeSchema>;
export type InternalPayee = z.infer<typeof internalPayeeSchema>;
export type Payee = SepaPayee | FasterPayPayee | InternationalPayee | InternalPayee;

// POST /client/recipients and PUT /client/recipients/{id}: the type and its fields. Saving or
// changing one needs strong authentication, so the answer is `pending_confirmation` with the
// challenge to answer at POST /client/recipients/{id}/confirm (docs/reliability.md, T6).
export const createRecipientSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('sepa'), details: sepaPayeeSchema }),
  z.strictObject({ type: z.literal('faster_pay'), details: fasterPayPayeeSchema }),
  z.strictObject({ type: z.literal('internal'), details: internalPayeeSchema }),
  z.strictObject({ type: z.literal('international'), details: internationalPayeeSchema }),
]);
export type CreateRecipient = z.infer<typeof createRecipientSchema>;

/** A change keeps the recipient's type (another type is a 422); only the details change. */
export const updateRecipientSchema = createRecipientSchema;

export const recipientStatuses = ['pending_confirmation', 'active'] as const;

export const scaChallengeSchema = z.object({
  challenge_id: z.string(),
  factor: z.enum(['totp', 'sms', 'email']),
  expires_at: z.string(),
});

export const recipientSchema = z.object({
  id: z.string(),
  type: paymentTypeSchema,
  name: z.string(),
  status: z.enum(recipientStatuses),
  details: z.record(z.string(), z.string()),
  /** A change waiting for its code; the saved details stay in force until it is confirmed. */
  pending_details: z.record(z.string(), z.string()).nullable(),
  sca: scaChallengeSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const recipientIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Not a valid recipient id' }),
});

export const recipientListQuerySchema = z.strictObject({
  type: paymentTypeSchema.optional(),
});
