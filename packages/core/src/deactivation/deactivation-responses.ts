import { z } from 'zod';
import { backofficePageOf } from '../backoffice/page';
import {
  backofficeDeactivationSchema,
  clientDeactivationViewSchema,
  deactivationQueueItemSchema,
  deactivationStatuses,
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
