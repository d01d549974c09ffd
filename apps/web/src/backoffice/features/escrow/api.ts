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

export const decideCondition = (id: string, conditionId: string, approve: boolean, reason?: string) =>
  backoffice<DealAnswer>(`/escrows/${id}/conditions/${conditionId}/decision`, {
    method: 'POST',
    body: approve ? { approve } : { approve, reason },
  });

export const proposePayout = (id: string, action: 'release' | 'refund', reason: string) =>
  backoffice<DealAnswer>(`/escrows/${id}/proposals`, { method: 'POST', body: { action, reason } });

export const decidePayout = (
  id: string,
  proposalId: string,
  verdict: 'approve' | 'reject',
  reason?: string,
) =>
  backoffice<DealAnswer>(`/escrows/${id}/proposals/${proposalId}/${verdict}`, {
    method: 'POST',
    body: verdict === 'reject' ? { reason } : {},
  });
