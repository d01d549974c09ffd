import { z } from 'zod';
import { backofficePageOf } from '../backoffice/page';
import {
  backofficeDeactivationSchema,
  clientDeactivationViewSchema,
  deactivationQueueItemSchema,
  deactivationStatuses,
  payoutPlanLineSchema,
} from './deactivation-schemas';

// What the deactivation routes answer: the client's (client-deactivation-routes.ts) and the back
// office's review (backoffice-deactivation-routes.ts), both in apps/api/src/modules/deactivation.
export const clientDeactivationResponseSchema = z.object({ data: clientDeactivationViewSchema });

export type ClientDeactivationResponse = z.infer<typeof clientDeactivationResponseSchema>;

export const deactivationQueuePageSchema = backofficePageOf(deactivationQueueItemSchema);

export const backofficeDeactivationAnswerSchema = z.object({ data: backofficeDeactivationSchema });

/** A decision on a request: the client's status after it, and the request's own. */
export const deactivationDecidedAnswerSchema = z.object({
  data: z.object({
    status: z.enum(['DEACTIVATED', 'APPROVED', 'DEACTIVATION_REQUESTED']),
    request_id: z.string(),
    request_status: z.enum(deactivationStatuses),
  }),
});

/**
 * What closing would take and pay out if the balance went to the recipient asked about: the
 * closing fee, then one line per account with money (its pay-out's fee and what arrives).
 */
export const clientPayoutPlanResponseSchema = z.object({
  data: z.object({
    closing_fee: z.object({ amount: z.number().int(), currency: z.string() }),
    payout_plan: z.array(payoutPlanLineSchema),
  }),
});
export type ClientPayoutPlan = z.infer<typeof clientPayoutPlanResponseSchema>['data'];
