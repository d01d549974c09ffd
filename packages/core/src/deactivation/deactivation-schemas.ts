import { z } from 'zod';
import { scaChallengeSchema } from '../payments/recipient-schemas';

// Account deactivation (/dashboard/settings/account-deactivation,
// docs/requirements/deactivation.md): what the client sends, what the client and the back office
// read back. The API validates with these and the web forms use the same objects, so both refuse
// the same input.
export const deactivationReasons = [
  'no_longer_needed',
  'moving_to_another_provider',
  'fees_too_high',
  'service_quality',
  'closing_business',
  'other',
] as const;
export type DeactivationReason = (typeof deactivationReasons)[number];

/** Where a remaining balance goes: a saved recipient of the client, or nowhere because it is zero. */
export const deactivationPayoutSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('recipient'), recipient_id: z.uuid({ error: 'Choose a recipient' }) }),
    z.strictObject({ kind: z.literal('balance_is_zero') }),
  ],
  { error: 'Choose how the remaining balance is paid out' },
);
export type DeactivationPayout = z.infer<typeof deactivationPayoutSchema>;

export const DEACTIVATION_COMMENT_MAX = 500;

export const requestDeactivationSchema = z
  .strictObject({
    reason: z.enum(deactivationReasons, { error: 'Choose a reason' }),
    comment: z
      .string()
      .trim()
      .max(DEACTIVATION_COMMENT_MAX, `At most ${DEACTIVATION_COMMENT_MAX} characters`)
      .optional(),
    payout: deactivationPayoutSchema,
  })
  .refine((body) => body.reason !== 'other' || (body.comment ?? '').length > 0, {
    path: ['comment'],
    error: 'Tell us the reason',
  });
export type RequestDeactivation = z.infer<typeof requestDeactivationSchema>;

export const rejectDeactivationSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Give the client a reason').max(500, 'At most 500 characters'),
});

export const approveDeactivationSchema = z.strictObject({
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});

export const deactivationStatuses = [
  'awaiting_confirmation',
  'pending',
  /** Approved with money left: the pay-outs are on their way; the accounts close when they arrive. */
  'paying_out',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type DeactivationStatus = (typeof deactivationStatuses)[number];

export const deactivationBlockers = [
  'pending_payments',
  'held_funds',
  'balance_without_payout',
  'balance_remains',
] as const;
export type DeactivationBlocker = (typeof deactivationBlockers)[number];

export const deactivationAccountSchema = z.object({
  id: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  available: z.number().int(),
});
export type DeactivationAccount = z.infer<typeof deactivationAccountSchema>;

export const deactivationRequestSchema = z.object({
  id: z.string(),
  status: z.enum(deactivationStatuses),
  reason: z.enum(deactivationReasons),
  comment: z.string().nullable(),
  payout: deactivationPayoutSchema,
  payout_recipient_name: z.string().nullable(),
  requested_at: z.string().nullable(),
  due_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** Why a pay-out came back and the request is waiting for the operator again, if it did. */
  payout_note: z.string().nullable(),
  created_at: z.string(),
});
export type DeactivationRequest = z.infer<typeof deactivationRequestSchema>;

/** GET /api/client/deactivation: the open request (if any), balances, fee and what blocks closing. */
export const clientDeactivationViewSchema = z.object({
  request: deactivationRequestSchema.nullable(),
  can_request: z.boolean(),
  accounts: z.array(deactivationAccountSchema),
  closing_fee: z.object({ amount: z.number().int(), currency: z.string() }),
  blockers: z.array(z.enum(deactivationBlockers)),
  review_hours: z.number().int(),
  sca: scaChallengeSchema.nullable(),
});
export type ClientDeactivationView = z.infer<typeof clientDeactivationViewSchema>;

/** One line of the back office's deactivation queue. */
export const deactivationQueueItemSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  reason: z.enum(deactivationReasons),
  requested_at: z.string(),
  due_at: z.string(),
  age_hours: z.number().int(),
  overdue: z.boolean(),
  payout_note: z.string().nullable(),
});
export type DeactivationQueueItem = z.infer<typeof deactivationQueueItemSchema>;

/**
 * One account's pay-out on closing (planPayouts): what remains after the closing fee (`total`),
 * what the recipient receives (`amount`) and the payment's fee, or the problem that stops it.
 */
export const payoutPlanLineSchema = z.object({
  account_id: z.string(),
  currency: z.string(),
  total: z.number().int(),
  amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  problem: z.string().nullable(),
});
export type PayoutPlanLine = z.infer<typeof payoutPlanLineSchema>;

/** GET /api/client/deactivation/payout_plan: what closing would pay out to this recipient. */
export const payoutPlanQuerySchema = z.strictObject({
  recipient_id: z.uuid({ error: 'Choose a recipient' }),
});

/** The request as the client record shows it, with what would block approving it now. */
export const backofficeDeactivationSchema = deactivationRequestSchema.extend({
  client_id: z.string(),
  overdue: z.boolean(),
  accounts: z.array(deactivationAccountSchema),
  closing_fee: z.object({ amount: z.number().int(), currency: z.string() }),
  blockers: z.array(z.enum(deactivationBlockers)),
  /** While pending: what approving would pay out per account, or why it cannot. */
  payout_plan: z.array(payoutPlanLineSchema),
  /** The pay-out payments made for this request, newest first. */
  payout_payments: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amount: z.number().int(),
      fee: z.number().int(),
      currency: z.string(),
      status_reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type BackofficeDeactivation = z.infer<typeof backofficeDeactivationSchema>;
