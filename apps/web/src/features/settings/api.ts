import type {
  ClientDeactivationResponse,
  clientPayoutPlanResponseSchema,
  RequestDeactivation,
} from '@bluepeak/core/deactivation';
import type { referenceLetterResponseSchema, referenceLettersResponseSchema } from '@bluepeak/core/fees';
import type { RecipientListResponse } from '@bluepeak/core/payments';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';

type ReferenceLettersResponse = z.infer<typeof referenceLettersResponseSchema>;
type ReferenceLetterResponse = z.infer<typeof referenceLetterResponseSchema>;

// The account-deactivation API: reads are `…Query` options, writes are functions named for
// what they do (lib/api-client.ts). The key sits under ['client'] so log-out forgets it.
export const deactivationKey = [...clientQueryKeys.all, 'deactivation'] as const;

export const deactivationQuery = queryOptions({
  queryKey: deactivationKey,
  queryFn: ({ signal }) => apiRequest<ClientDeactivationResponse>('/client/deactivation', { signal }),
  select: (body) => body.data,
});

export function askDeactivation(body: RequestDeactivation, idempotencyKey: string) {
  return apiRequest<ClientDeactivationResponse>('/client/deactivation', {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function confirmDeactivation(code: string) {
  return apiRequest<ClientDeactivationResponse>('/client/deactivation/confirm', {
    method: 'POST',
    body: { code },
  });
}

export function withdrawDeactivation() {
  return apiRequest<ClientDeactivationResponse>('/client/deactivation', { method: 'DELETE' });
}

/**
 * The client's confirmed recipients: only those may receive a pay-out. Read afresh each time the
 * form opens, since the client may have just added one (the form links to adding one).
 */
export const payoutRecipientsQuery = queryOptions({
  queryKey: [...deactivationKey, 'recipients'] as const,
  queryFn: ({ signal }) => apiRequest<RecipientListResponse>('/client/recipients', { signal }),
  select: (body) => body.data.filter((recipient) => recipient.status === 'active'),
  staleTime: 0,
});

/**
 * What closing would take and pay out to this recipient, planned by the API's own pay-out code.
 * Silent: the form shows a failure beside the recipient.
 */
export const payoutPlanQuery = (recipientId: string) =>
  queryOptions({
    queryKey: [...deactivationKey, 'payout_plan', recipientId] as const,
    queryFn: ({ signal }) =>
      apiRequest<z.infer<typeof clientPayoutPlanResponseSchema>>(
        `/client/deactivation/payout_plan?recipient_id=${encodeURIComponent(recipientId)}`,
        { signal },
      ),
    select: (body) => body.data,
    enabled: recipientId !== '',
    meta: { silent: true },
  });

export const referenceLettersKey = [...clientQueryKeys.all, 'reference_letters'] as const;

export const referenceLettersQuery = queryOptions({
  queryKey: referenceLettersKey,
  queryFn: ({ signal }) => apiRequest<ReferenceLettersResponse>('/client/reference_letters', { signal }),
  select: (body) => body.data,
});

export function orderReferenceLetter(_variables: Record<string, never>, idempotencyKey: string) {
  return apiRequest<ReferenceLetterResponse>('/client/reference_letters', { method: 'POST', idempotencyKey });
}
