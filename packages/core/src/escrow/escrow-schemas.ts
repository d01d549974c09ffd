import { z } from 'zod';
import { addressLineSchema } from '../auth/field-rules';
import { oneTimeCodeSchema } from '../auth/login';
import { attachmentsSchema } from '../onboarding/attachment';
import { amountSchema } from '../payments/payment-schemas';
import { bicSchema, paymentTextField } from '../payments/payment-text';
import { countryCodeSchema } from '../reference/countries';
import { isoDateSchema } from '../schemas/iso-date';
import { freeText } from '../tickets/ticket-schemas';

// Escrow deals (docs/requirements/escrow.md): a buyer and a seller, the money held by the
// institution until an escrow officer finds every condition met. Fixed points of the API:
// /api/client/escrows for the parties, /api/backoffice/escrows for the escrow desk.

export const ESCROW_MAX_CONDITIONS = 10;
export const ESCROW_TEXT_MAX = 1_000;
export const ESCROW_MAX_DEADLINE_DAYS = 730;

/**
 * proposed: waiting for the other party; declined/cancelled: never funded; accepted: waiting
 * for the buyer's money; funded: held; disputed: held, on hold for the officer; released: paid
 * to the seller; refunded: paid back to the buyer.
 */
export const escrowStatuses = [
  'proposed',
  'declined',
  'cancelled',
  'accepted',
  'funded',
  'disputed',
  'released',
  'refunded',
] as const;
export type EscrowStatus = (typeof escrowStatuses)[number];

export const escrowConditionStatuses = ['open', 'submitted', 'met', 'rejected'] as const;
export type EscrowConditionStatus = (typeof escrowConditionStatuses)[number];

const shortText = freeText(200, { multiline: false });
const longText = freeText(ESCROW_TEXT_MAX, { multiline: true });

/**
 * A seller who is not a client of ours, paid on release by an outgoing payment: by SEPA for a
 * EUR deal to a SEPA IBAN, otherwise by SWIFT, which also needs the bank's BIC, name and the
 * seller's address. The IBAN's form is checked here, its check digits by the API (422).
 */
export const escrowOutsidePartySchema = z.strictObject({
  name: paymentTextField(70),
  iban: z
    .string()
    .trim()
    .max(42, 'At most 34 characters')
    .transform((value) => value.replace(/ /g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/, 'Not an IBAN')),
  bic: bicSchema.optional(),
  bank_name: paymentTextField(70).optional(),
  address: addressLineSchema.optional(),
  country: countryCodeSchema.optional(),
});
export type EscrowOutsideParty = z.infer<typeof escrowOutsidePartySchema>;

/**
 * The other party: a client of ours, found by e-mail or by account number or IBAN of their
 * account group; or, when the proposer is the buyer, a seller outside the institution.
 */
export const escrowCounterpartySchema = z.union([
  z.strictObject({ email: z.email({ error: 'Not an e-mail address' }).max(254) }),
  z.strictObject({ account_number: z.string().trim().min(6).max(34) }),
  z.strictObject({ outside: escrowOutsidePartySchema }),
]);

export const proposeEscrowSchema = z.strictObject({
  /** The side the proposer takes; the counterparty takes the other. */
  role: z.enum(['buyer', 'seller']),
  counterparty: escrowCounterpartySchema,
  amount: amountSchema,
  currency: z.string().max(8, 'Not a currency code'),
  title: shortText,
  buyer_deliverables: longText,
  seller_deliverables: longText,
  conditions: z
    .array(
      z.strictObject({
        description: shortText,
        /** Which side presents the documents for it. */
        presenter: z.enum(['buyer', 'seller']),
      }),
    )
    .min(1, 'At least one condition')
    .max(ESCROW_MAX_CONDITIONS, `At most ${ESCROW_MAX_CONDITIONS} conditions`),
  deadline: isoDateSchema,
  standard: z.boolean(),
});
export type ProposeEscrowInput = z.infer<typeof proposeEscrowSchema>;

export const escrowIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Not a valid deal id' }) });
export const escrowConditionParamsSchema = z.strictObject({ id: z.uuid(), conditionId: z.uuid() });
export const escrowDocumentParamsSchema = z.strictObject({ id: z.uuid(), documentId: z.uuid() });
/** Funding, agreeing to a refund and accepting a change are confirmed with a one-time code. */
export const fundEscrowSchema = z.strictObject({ account_id: z.uuid(), code: oneTimeCodeSchema });
export const escrowCodeSchema = z.strictObject({ code: oneTimeCodeSchema });
export const escrowReasonSchema = z.strictObject({ reason: longText });

/** Asks for the code of one consent; the code is bound to the deal, the step and its figures. */
export const escrowCodeRequestSchema = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal('fund'), account_id: z.uuid() }),
  z.strictObject({ step: z.literal('refund_agreement') }),
  z.strictObject({ step: z.literal('accept_change'), change_id: z.uuid() }),
]);
export type EscrowCodeRequest = z.infer<typeof escrowCodeRequestSchema>;
export const escrowCodeResponseSchema = z.object({
  data: z.object({
    challenge_id: z.string(),
    factor: z.enum(['totp', 'sms', 'email']),
    expires_at: z.string(),
  }),
});

/** A change to a running deal; the change fee of the tariff is held from the requester's account. */
export const proposeEscrowChangeSchema = z
  .strictObject({
    amount: amountSchema.optional(),
    deadline: isoDateSchema.optional(),
    add_conditions: z
      .array(z.strictObject({ description: shortText, presenter: z.enum(['buyer', 'seller']) }))
      .max(ESCROW_MAX_CONDITIONS, `At most ${ESCROW_MAX_CONDITIONS} conditions`)
      .optional(),
    reason: shortText,
  })
  .refine(
    (body) =>
      body.amount !== undefined || body.deadline !== undefined || (body.add_conditions?.length ?? 0) > 0,
    { error: 'Change the amount, the deadline or add a condition', path: ['amount'] },
  );
export type ProposeEscrowChange = z.infer<typeof proposeEscrowChangeSchema>;
export const escrowChangeParamsSchema = z.strictObject({ id: z.uuid(), changeId: z.uuid() });

export const escrowChangeSchema = z.object({
  id: z.string(),
  requested_by: z.enum(['buyer', 'seller']),
  status: z.enum(['proposed', 'accepted', 'declined', 'withdrawn']),
  new_amount: z.number().int().nullable(),
  new_deadline: z.string().nullable(),
  add_conditions: z.array(z.object({ description: z.string(), presenter: z.enum(['buyer', 'seller']) })),
  reason: z.string(),
  /** The change fee, in the deal's currency, paid by the requester when the change is accepted. */
  fee: z.number().int(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export const escrowDocumentsSchema = z.strictObject({ attachments: attachmentsSchema(5) });

export const escrowFeeLineSchema = z.object({
  kind: z.enum(['opening', 'servicing', 'document_verification', 'change']),
  amount: z.number().int(),
  payer: z.enum(['buyer', 'presenter', 'requester']),
  per: z.enum(['deal', 'condition', 'change']),
});

export const escrowDocumentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_by: z.enum(['buyer', 'seller']),
  created_at: z.string(),
});

export const escrowConditionSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  description: z.string(),
  presenter: z.enum(['buyer', 'seller']),
  status: z.enum(escrowConditionStatuses),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  fee: z.number().int().nullable(),
  documents: z.array(escrowDocumentSchema),
});

export const escrowEventSchema = z.object({
  kind: z.string(),
  actor: z.enum(['buyer', 'seller', 'operator', 'system']),
  at: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const escrowProposalSchema = z.object({
  id: z.string(),
  action: z.enum(['release', 'refund']),
  status: z.enum(['proposed', 'approved', 'rejected']),
  reason: z.string(),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});

export const escrowSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  status: z.enum(escrowStatuses),
  /** The caller's side; null for the back office. */
  my_role: z.enum(['buyer', 'seller']).nullable(),
  buyer_name: z.string(),
  seller_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  deadline: z.string(),
  standard: z.boolean(),
  created_at: z.string(),
  conditions_total: z.number().int(),
  conditions_met: z.number().int(),
  conditions_awaiting: z.number().int(),
  open_proposal: z.enum(['release', 'refund']).nullable(),
});

export const escrowDealSchema = escrowSummarySchema.extend({
  proposed_by: z.enum(['buyer', 'seller']),
  buyer_deliverables: z.string(),
  seller_deliverables: z.string(),
  /** What the escrow holds now: the amount while funded or disputed, else 0. */
  held: z.number().int(),
  /** A seller outside the institution (null when the seller is a client of ours). */
  outside_seller: z
    .object({ name: z.string(), iban: z.string(), paid_by: z.enum(['sepa', 'international']) })
    .nullable(),
  /** EUR to the deal's currency, the reference rate the tariff's fees were converted at; null in EUR. */
  fee_rate: z.string().nullable(),
  /** What funds the deal: the amount plus the funding fees (also what a transfer with the reference must carry). */
  funding_total: z.number().int(),
  funded_by_incoming_payment: z.boolean(),
  /** The outgoing payment that pays an outside seller on release. */
  payout_payment_id: z.string().nullable(),
  changes: z.array(escrowChangeSchema),
  fees: z.array(escrowFeeLineSchema),
  fees_paid: z.number().int(),
  refund_agreed_by: z.array(z.enum(['buyer', 'seller'])),
  dispute_reason: z.string().nullable(),
  deadline_passed: z.boolean(),
  conditions: z.array(escrowConditionSchema),
  events: z.array(escrowEventSchema),
  proposals: z.array(escrowProposalSchema),
});
export type EscrowDeal = z.infer<typeof escrowDealSchema>;
export type EscrowSummary = z.infer<typeof escrowSummarySchema>;

export const escrowDealResponseSchema = z.object({ data: escrowDealSchema });
export const escrowListResponseSchema = z.object({ data: z.array(escrowSummarySchema) });

// The escrow desk.
export const escrowDeskViews = ['verification', 'approvals', ...escrowStatuses] as const;
export const escrowDeskQuerySchema = z.strictObject({
  view: z.enum(escrowDeskViews).default('verification'),
});
export const escrowConditionDecisionSchema = z.strictObject({
  approve: z.boolean(),
  reason: longText.optional(),
});
export const escrowProposeActionSchema = z.strictObject({
  action: z.enum(['release', 'refund']),
  reason: longText,
});
export const escrowProposalParamsSchema = z.strictObject({ id: z.uuid(), proposalId: z.uuid() });
export const escrowProposalDecisionSchema = z.strictObject({ reason: longText.optional() });

/** Demo mode's test hook: a deal's deadline moved to yesterday, so a journey can refund it. */
export const devEscrowDeadlineResponseSchema = z.object({
  data: z.object({ id: z.string(), deadline: z.string() }),
});
