import type {
  BackofficeBatch,
  BatchRow,
  backofficeBatchActionAnswerSchema,
  backofficeBatchActions,
  backofficeBatchPageSchema,
  batchRowPageSchema,
  OperatorPayment,
  PaymentQueueRow,
  paymentQueueSchema,
} from '@bluepeak/core/payments';
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

// Batches in the payments queue (docs/requirements/batch-payments.md, "Back office"): each row is
// a payment, so one row is held or returned through the payment's own actions above.
export type { BackofficeBatch, BatchRow };
export type BatchAction = (typeof backofficeBatchActions)[number];
export const BATCH_ROWS_PAGE_SIZE = 50;

export const batchKeys = {
  list: (status: string | undefined, page: number) => [...paymentKeys.all, 'batches', status, page] as const,
  one: (id: string) => [...paymentKeys.all, 'batch', id] as const,
  rows: (id: string, page: number) => [...paymentKeys.all, 'batch', id, 'rows', page] as const,
};

export function batchesQuery(status: string | undefined, page: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(QUEUE_PAGE_SIZE) });
  if (status) params.set('status', status);
  return queryOptions({
    queryKey: batchKeys.list(status, page),
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof backofficeBatchPageSchema>>(`/batches?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function batchQuery(id: string) {
  return queryOptions({
    queryKey: batchKeys.one(id),
    queryFn: ({ signal }) => backoffice<{ data: BackofficeBatch }>(`/batches/${id}`, { signal }),
    select: (answer) => answer.data,
  });
}

export function batchRowsQuery(id: string, page: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(BATCH_ROWS_PAGE_SIZE) });
  return queryOptions({
    queryKey: batchKeys.rows(id, page),
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof batchRowPageSchema>>(`/batches/${id}/rows?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const postBatchAction = (id: string, action: BatchAction, reason: string) =>
  backoffice<z.infer<typeof backofficeBatchActionAnswerSchema>>(`/batches/${id}/${action}`, {
    method: 'POST',
    body: { reason },
  });
