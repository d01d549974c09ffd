import type { EscrowDeal, EscrowSummary, escrowDeskViews } from '@bluepeak/core/escrow';
import { queryOptions } from '@tanstack/react-query';
import { backoffice } from '../../lib/api';

// The escrow desk: deals by status, the verification queue, payouts waiting for a second operator.
export type DeskView = (typeof escrowDeskViews)[number];
type DealAnswer = { data: EscrowDeal };

export const escrowDeskQuery = (view: DeskView) =>
  queryOptions({
    queryKey: ['backoffice', 'escrows', view],
    queryFn: ({ signal }) => backoffice<{ data: EscrowSummary[] }>(`/escrows?view=${view}`, { signal }),
    select: (answer) => answer.data,
  });

export const escrowDealQuery = (id: string) =>
  queryOptions({
    queryKey: ['backoffice', 'escrows', 'deal', id],
    queryFn: ({ signal }) => backoffice<DealAnswer>(`/escrows/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.data,
  });

/** One decision of the desk: each is sent with an Idempotency-Key, so a retry replays its answer. */
export type DeskStep =
  | { kind: 'decide_condition'; conditionId: string; approve: boolean; reason?: string }
  | { kind: 'propose'; action: 'release' | 'refund'; reason: string }
  | { kind: 'decide_payout'; proposalId: string; verdict: 'approve' | 'reject'; reason?: string };

const deskPath = (id: string, step: DeskStep) => {
  const deal = `/escrows/${encodeURIComponent(id)}`;
  if (step.kind === 'decide_condition')
    return `${deal}/conditions/${encodeURIComponent(step.conditionId)}/decision`;
  if (step.kind === 'propose') return `${deal}/proposals`;
  return `${deal}/proposals/${encodeURIComponent(step.proposalId)}/${step.verdict}`;
};

const deskBody = (step: DeskStep) => {
  if (step.kind === 'decide_condition')
    return step.approve ? { approve: true } : { approve: false, reason: step.reason };
  if (step.kind === 'propose') return { action: step.action, reason: step.reason };
  return step.reason ? { reason: step.reason } : {};
};

export const takeDeskStep = (id: string, step: DeskStep, idempotencyKey: string) =>
  backoffice<DealAnswer>(deskPath(id, step), { method: 'POST', body: deskBody(step), idempotencyKey });

/** A document presented for a condition, downloaded with the operator's session. */
export const deskDocumentUrl = (dealId: string, documentId: string) =>
  `/api/backoffice/escrows/${encodeURIComponent(dealId)}/documents/${encodeURIComponent(documentId)}`;
