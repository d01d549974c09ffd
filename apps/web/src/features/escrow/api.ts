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

export type DealAnswer = { data: EscrowDeal };
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

// Every step of a deal carries an Idempotency-Key (useIdempotentMutation), so a retry replays the
// first answer instead of doing the step twice; asking for a code is not a step and carries none.
export const proposeEscrow = (body: ProposeEscrowInput, idempotencyKey: string) =>
  apiRequest<DealAnswer>('/client/escrows', { method: 'POST', body, idempotencyKey });

export type EscrowStep = 'accept' | 'decline' | 'cancel';
export const takeEscrowStep = (id: string, step: EscrowStep, idempotencyKey: string) =>
  apiRequest<DealAnswer>(path(id, `/${step}`), { method: 'POST', idempotencyKey });

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

export const agreeToRefund = (id: string, code: string, idempotencyKey: string) =>
  apiRequest<DealAnswer>(path(id, '/refund_agreement'), { method: 'POST', body: { code }, idempotencyKey });

export const proposeEscrowChange = (id: string, body: ProposeEscrowChange, idempotencyKey: string) =>
  apiRequest<DealAnswer>(path(id, '/changes'), { method: 'POST', body, idempotencyKey });

const changePath = (id: string, changeId: string, step: string) =>
  path(id, `/changes/${encodeURIComponent(changeId)}/${step}`);

export const acceptEscrowChange = (id: string, changeId: string, code: string, idempotencyKey: string) =>
  apiRequest<DealAnswer>(changePath(id, changeId, 'accept'), {
    method: 'POST',
    body: { code },
    idempotencyKey,
  });

export const answerEscrowChange = (
  id: string,
  changeId: string,
  answer: 'decline' | 'withdraw',
  idempotencyKey: string,
) => apiRequest<DealAnswer>(changePath(id, changeId, answer), { method: 'POST', idempotencyKey });

export const disputeEscrow = (id: string, reason: string, idempotencyKey: string) =>
  apiRequest<DealAnswer>(path(id, '/dispute'), { method: 'POST', body: { reason }, idempotencyKey });

export const uploadEscrowDocument = (
  id: string,
  conditionId: string,
  attachments: unknown[],
  idempotencyKey: string,
) =>
  apiRequest<DealAnswer>(path(id, `/conditions/${encodeURIComponent(conditionId)}/documents`), {
    method: 'POST',
    body: { attachments },
    idempotencyKey,
  });

/** A document presented for one of the deal's conditions, downloaded with the client's session. */
export const dealDocumentUrl = (dealId: string, documentId: string) =>
  `/api${path(dealId, `/documents/${encodeURIComponent(documentId)}`)}`;
