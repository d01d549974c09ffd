import { z } from 'zod';
import { adjustmentDirections, adjustmentStatuses } from './money-actions';

/**
 * A manual adjustment of a client's balance, proposed by one operator, decided by another. The
 * answer is written in this key order, so `amount` stays last as the API has always sent it.
 */
export const adjustmentSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_email: z.string(),
  currency: z.string(),
  direction: z.enum(adjustmentDirections),
  reason: z.string(),
  status: z.enum(adjustmentStatuses),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  transfer_id: z.string().nullable(),
  amount: z.number().int(),
  /** The client's account it moves, by name and IBAN ("Main (EUR) · DE89…"). */
  account_label: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentListSchema = z.object({ data: z.array(adjustmentSchema) });
export const adjustmentAnswerSchema = z.object({ data: adjustmentSchema });
