import type { Adjustment, adjustmentAnswerSchema, adjustmentListSchema } from '@bluepeak/core/backoffice';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';

// The four-eyes queue of manual adjustments: the list by status, and a second operator's
// approval or rejection. Answers are typed from core's schemas.
export type { Adjustment };
export const adjustmentStatuses = ['proposed', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

export const adjustmentsQuery = (status: AdjustmentStatus) =>
  queryOptions({
    queryKey: ['backoffice', 'adjustments', status],
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof adjustmentListSchema>>(`/adjustments?status=${status}`, { signal }),
    select: (answer) => answer.data,
  });

export const decideAdjustment = (id: string, verdict: 'approve' | 'reject', reason?: string) =>
  backoffice<z.infer<typeof adjustmentAnswerSchema>>(`/adjustments/${id}/${verdict}`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
