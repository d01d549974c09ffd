import type {
  ImportStatusResult,
  OperatorPayment,
  PaymentFile,
  PaymentQueueRow,
  PaymentRailChannel,
  PaymentStatus,
} from '@bluepeak/core/payments';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { backoffice, type Page } from '../api';

// The back office's calls for payments (docs/requirements/payments.md): the queue, one payment, the
// operator's actions, the rails' channels and the ISO 20022 files. Answers are typed from core's
// schemas.
export type { ImportStatusResult, OperatorPayment, PaymentFile, PaymentQueueRow, PaymentRailChannel };
export type QueuePage = Page<PaymentQueueRow> & {
  meta: Page<PaymentQueueRow>['meta'] & { counts: Record<PaymentStatus, number> };
};

export const QUEUE_PAGE_SIZE = 20;
export const queueRails = ['sepa', 'faster_pay', 'swift', 'internal'] as const;
export type FileRail = 'sepa' | 'swift';

export type QueueFilters = {
  rail?: string;
  status?: string;
  onHold: boolean;
  q?: string;
  page: number;
};

export const paymentKeys = {
  all: ['backoffice', 'payments'] as const,
  queue: (filters: QueueFilters) => ['backoffice', 'payments', 'queue', filters] as const,
  one: (id: string) => ['backoffice', 'payments', 'one', id] as const,
  rails: ['backoffice', 'payments', 'rails'] as const,
  files: ['backoffice', 'payments', 'files'] as const,
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

export const railsQuery = queryOptions({
  queryKey: paymentKeys.rails,
  queryFn: ({ signal }) => backoffice<{ data: PaymentRailChannel[] }>('/payment-rails', { signal }),
  select: (answer) => answer.data,
});

export const setRailChannel = (rail: FileRail, channel: 'simulator' | 'file') =>
  backoffice(`/payment-rails/${rail}`, { method: 'PUT', body: { channel } });

export const filesQuery = queryOptions({
  queryKey: paymentKeys.files,
  queryFn: ({ signal }) => backoffice<{ data: PaymentFile[] }>('/payment-files', { signal }),
  select: (answer) => answer.data,
});

export const createPaymentFile = (rail: FileRail) =>
  backoffice<{ data: PaymentFile }>('/payment-files', { method: 'POST', body: { rail } });

export const importStatusReport = (xml: string) =>
  backoffice<{ data: ImportStatusResult }>('/payment-files/status', { method: 'POST', body: { xml } });

/** Same-origin GET: the session cookie goes along, and the server names the file. */
export const paymentFileXmlUrl = (id: string) => `/api/backoffice/payment-files/${id}/xml`;
