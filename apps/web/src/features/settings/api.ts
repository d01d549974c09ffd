import type { ClientDeactivationResponse, RequestDeactivation } from '@bluepeak/core/deactivation';
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

/** The client's confirmed recipients: only those may receive a pay-out. */
export const payoutRecipientsQuery = queryOptions({
  queryKey: [...deactivationKey, 'recipients'] as const,
  queryFn: ({ signal }) => apiRequest<RecipientListResponse>('/client/recipients', { signal }),
  select: (body) => body.data.filter((recipient) => recipient.status === 'active'),
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
