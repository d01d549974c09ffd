import type {
  EscrowCodeRequest,
  EscrowDeal,
  EscrowSummary,
  ProposeEscrowChange,
  ProposeEscrowInput,
} from '@bluepeak/core/escrow';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';

// Escrow deals (docs/requirements/escrow.md): reads are `…Query` options, writes are named for
// what they do. Keys sit under ['client'] so log-out forgets them.
export const escrowKeys = {
  all: [...clientQueryKeys.all, 'escrows'] as const,
  one: (id: string) => [...clientQueryKeys.all, 'escrows', id] as const,
};

type DealAnswer = { data: EscrowDeal };
const path = (id: string, step = '') => `/client/escrows/${encodeURIComponent(id)}${step}`;

export const escrowListQuery = queryOptions({
  queryKey: escrowKeys.all,
  queryFn: ({ signal }) => apiRequest<{ data: EscrowSummary[] }>('/client/escrows', { signal }),
  select: (answer) => answer.data,
});

export const escrowQuery = (id: string) =>
  queryOptions({
    queryKey: escrowKeys.one(id),
    queryFn: ({ signal }) => apiRequest<DealAnswer>(path(id), { signal }),
    select: (answer) => answer.data,
  });

export const proposeEscrow = (body: ProposeEscrowInput) =>
  apiRequest<DealAnswer>('/client/escrows', { method: 'POST', body });

export type EscrowStep = 'accept' | 'decline' | 'cancel';
export const takeEscrowStep = (id: string, step: EscrowStep) =>
  apiRequest<DealAnswer>(path(id, `/${step}`), { method: 'POST' });

export type ScaAnswer = {
  data: { challenge_id: string; factor: 'totp' | 'sms' | 'email'; expires_at: string };
};

/** Sends the one-time code for a consent (funding, refund agreement, accepting a change). */
export const sendEscrowCode = (id: string, step: EscrowCodeRequest) =>
  apiRequest<ScaAnswer>(path(id, '/code'), { method: 'POST', body: step });

export const fundEscrow = (id: string, accountId: string, code: string, idempotencyKey: string) =>
  apiRequest<DealAnswer>(path(id, '/fund'), {
    method: 'POST',
    body: { account_id: accountId, code },
    idempotencyKey,
  });

export const agreeToRefund = (id: string, code: string) =>
  apiRequest<DealAnswer>(path(id, '/refund_agreement'), { method: 'POST', body: { code } });

export const proposeEscrowChange = (id: string, body: ProposeEscrowChange, idempotencyKey: string) =>
  apiRequest<DealAnswer>(path(id, '/changes'), { method: 'POST', body, idempotencyKey });

export const acceptEscrowChange = (id: string, changeId: string, code: string) =>
  apiRequest<DealAnswer>(path(id, `/changes/${encodeURIComponent(changeId)}/accept`), {
    method: 'POST',
    body: { code },
  });

export const answerEscrowChange = (id: string, changeId: string, answer: 'decline' | 'withdraw') =>
  apiRequest<DealAnswer>(path(id, `/changes/${encodeURIComponent(changeId)}/${answer}`), { method: 'POST' });

export const disputeEscrow = (id: string, reason: string) =>
  apiRequest<DealAnswer>(path(id, '/dispute'), { method: 'POST', body: { reason } });

export const uploadEscrowDocument = (id: string, conditionId: string, attachments: unknown[]) =>
  apiRequest<DealAnswer>(path(id, `/conditions/${encodeURIComponent(conditionId)}/documents`), {
    method: 'POST',
    body: { attachments },
  });
