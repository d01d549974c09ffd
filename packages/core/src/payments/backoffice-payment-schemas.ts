import { z } from 'zod';
import { positiveIntegerParam } from '../accounts/query-params';
import { paymentEventSchema, paymentSchema, paymentStatusSchema, rails } from './payment-schemas';
import { paymentTextField } from './payment-text';

// The back office's side of payments: the queue per rail and status, hold, release and return
// with a reason, the ISO 20022 files, and the reference FX rates (roles payments and admin).

export const operatorPaymentReasonSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason')
    .max(500, 'At most 500 characters')
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'No control characters'),
});

export const paymentQueueQuerySchema = z.strictObject({
  rail: z.enum(rails).optional(),
  status: paymentStatusSchema.optional(),
  on_hold: z.enum(['true', 'false']).optional(),
  /** Text in the payment id, end-to-end id, description or payee's name. */
  q: paymentTextField(70).optional(),
  client_id: z.uuid({ error: 'Not a valid client id' }).optional(),
  page: positiveIntegerParam({ max: 1_000_000, fallback: 1 }),
  limit: positiveIntegerParam({ max: 200, fallback: 50 }),
});

export const queuedPaymentSchema = paymentSchema.omit({ history: true, sca: true }).extend({
  client_id: z.string(),
  file_id: z.string().nullable(),
});

/** A queue row: the payment and who pays it, so the queue can link to the client's record. */
export const paymentQueueRowSchema = queuedPaymentSchema.extend({ client_name: z.string() });

export type PaymentQueueRow = z.infer<typeof paymentQueueRowSchema>;

export const paymentQueueSchema = z.object({
  data: z.array(paymentQueueRowSchema),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    /** Payments per status under the same rail, hold and text filters (the tabs' badges). */
    counts: z.record(paymentStatusSchema, z.number().int()),
  }),
});

/** One side of a ledger transfer, with a label an operator can read (an IBAN, a system account). */
export const ledgerAccountRefSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
});

/** A ledger transfer behind a payment; `state` says where its money stands now. */
export const paymentLedgerTransferSchema = z.object({
  id: z.string(),
  kind: z.enum(['posted', 'pending', 'post_pending', 'void_pending']),
  code: z.string(),
  debit_account: ledgerAccountRefSchema,
  credit_account: ledgerAccountRefSchema,
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(['pending', 'posted', 'voided', 'expired']),
  pending_id: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentLedgerTransfer = z.infer<typeof paymentLedgerTransferSchema>;

/** A payment as the back office sees it: the queue row, its status history and its transfers. */
export const operatorPaymentSchema = paymentQueueRowSchema.extend({
  client_email: z.string(),
  /** The account paid from by its name and IBAN ("Main (EUR) · DE89…"), never its id alone. */
  account_label: z.string().nullable(),
  /** Whether the rail has it (simulator submission or exported file): then it can no longer be stopped. */
  rail_state: z.enum(['queued', 'submitted', 'settled', 'rejected', 'returned', 'cancelled']).nullable(),
  history: z.array(paymentEventSchema.extend({ actor_type: z.enum(['client', 'operator', 'system']) })),
  transfers: z.array(paymentLedgerTransferSchema),
});
export type OperatorPayment = z.infer<typeof operatorPaymentSchema>;
export const operatorPaymentAnswerSchema = z.object({ data: operatorPaymentSchema });

export const paymentRailChannelSchema = z.object({
  rail: z.enum(['sepa', 'swift', 'faster_pay']),
  channel: z.enum(['simulator', 'file']),
  /** Faster Payments only run on the simulator. */
  switchable: z.boolean(),
});
export type PaymentRailChannel = z.infer<typeof paymentRailChannelSchema>;
export const paymentRailChannelsSchema = z.object({ data: z.array(paymentRailChannelSchema) });
export const paymentRailChannelSetSchema = z.object({
  data: z.object({ rail: z.string(), channel: z.string() }),
});

/** A run of the clearing simulator: how many payments it submitted, resolved and let expire. */
export const simulatorRunAnswerSchema = z.object({
  data: z.object({ submitted: z.number(), resolved: z.number(), expired: z.number() }),
});

export const paymentFileRailSchema = z.enum(['sepa', 'swift']);

export const paymentFileSchema = z.object({
  id: z.string(),
  kind: z.enum(['pain.001', 'pain.002']),
  rail: paymentFileRailSchema,
  message_id: z.string(),
  payment_count: z.number().int(),
  /** Sum of the amounts in the file, as the file's control sum (decimal text). */
  control_sum: z.string(),
  currency_totals: z.record(z.string(), z.number().int()),
  created_at: z.string(),
});
export type PaymentFile = z.infer<typeof paymentFileSchema>;
export const paymentFileListSchema = z.object({ data: z.array(paymentFileSchema) });
export const paymentFileAnswerSchema = z.object({ data: paymentFileSchema });

export const createPaymentFileSchema = z.strictObject({ rail: paymentFileRailSchema });

/** A pain.002 status report as XML text (at most 5 MB). */
export const importStatusFileSchema = z.strictObject({
  xml: z
    .string()
    .min(1)
    .max(5 * 1024 * 1024),
});

export const importStatusResultSchema = z.object({
  data: z.object({
    message_id: z.string(),
    settled: z.number().int(),
    rejected: z.number().int(),
    ignored: z.array(z.object({ end_to_end_id: z.string(), reason: z.string() })),
  }),
});
export type ImportStatusResult = z.infer<typeof importStatusResultSchema>['data'];
