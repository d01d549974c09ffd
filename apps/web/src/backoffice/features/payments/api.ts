import type { OperatorPayment, PaymentQueueRow, paymentQueueSchema } from '@bluepeak/core/payments';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice, backofficeKeys } from '../../lib/api';

// The back office's calls for payments: the queue, one payment and the operator's actions.
// Answers are typed from core's schemas.
export type { OperatorPayment, PaymentQueueRow };
export type QueuePage = z.infer<typeof paymentQueueSchema>;

export const QUEUE_PAGE_SIZE = 20;
export const queueRails = ['sepa', 'faster_pay', 'swift', 'internal'] as const;

export type QueueFilters = {
  rail?: string;
  status?: string;
  onHold: boolean;
  q?: string;
  page: number;
};

export const paymentKeys = {
  all: backofficeKeys.payments,
  queue: (filters: QueueFilters) => [...backofficeKeys.payments, 'queue', filters] as const,
  one: (id: string) => [...backofficeKeys.payments, 'one', id] as const,
};

export function queueQuery(filters: QueueFilters) {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(QUEUE_PAGE_SIZE) });
  if (filters.rail) params.set('rail', filters.rail);
  if (filters.status) params.set('status', filters.status);
  if (filters.onHold) params.set('on_hold', 'true');
  if (filters.q) params.set('q', filters.q);
  return queryOptions({
    queryKey: paymentKeys.queue(filters),
    queryFn: ({ signal }) => backoffice<QueuePage>(`/payments?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function paymentQuery(id: string) {
  return queryOptions({
    queryKey: paymentKeys.one(id),
    queryFn: ({ signal }) => backoffice<{ data: OperatorPayment }>(`/payments/${id}`, { signal }),
    select: (answer) => answer.data,
  });
}

export type PaymentAction = 'hold' | 'release' | 'void' | 'return';

export const postPaymentAction = (id: string, action: PaymentAction, reason: string) =>
  backoffice<{ data: OperatorPayment }>(`/payments/${id}/${action}`, { method: 'POST', body: { reason } });
