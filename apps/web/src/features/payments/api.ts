import type {
  CreatePayment,
  CreateRecipient,
  PaymentListQuery,
  PaymentType,
  paymentFeePreviewResponseSchema,
  paymentPageSchema,
  paymentResponseSchema,
  RecipientListResponse,
  RecipientResponse,
} from '@bluepeak/core/payments';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';
import { accountGroupsKey } from '../../lib/queries/account-groups';

// The payments and recipients API (docs/payments.md), one place for keys and fetchers: reads
// are `…Query` options, writes are functions named for what they do (lib/api-client.ts). Keys
// sit under ['client'] so log-out forgets them.
export type PaymentPage = z.infer<typeof paymentPageSchema>;
type PaymentResponse = z.infer<typeof paymentResponseSchema>;
type FeePreviewResponse = z.infer<typeof paymentFeePreviewResponseSchema>;

export const paymentKeys = {
  accounts: accountGroupsKey,
  recipients: [...clientQueryKeys.all, 'recipients'] as const,
  recipientList: (type?: PaymentType) =>
    [...clientQueryKeys.all, 'recipients', 'list', type ?? 'all'] as const,
  recipient: (id: string) => [...clientQueryKeys.all, 'recipients', id] as const,
  payments: [...clientQueryKeys.all, 'payments'] as const,
  paymentList: (query: Partial<PaymentListQuery>) =>
    [...clientQueryKeys.all, 'payments', 'list', query] as const,
  payment: (id: string) => [...clientQueryKeys.all, 'payments', id] as const,
  feePreview: (path: string) => [...clientQueryKeys.all, 'payments', 'fee_preview', path] as const,
};

const enc = encodeURIComponent;

export const recipientsQuery = (type?: PaymentType) =>
  queryOptions({
    queryKey: paymentKeys.recipientList(type),
    queryFn: ({ signal }) =>
      apiRequest<RecipientListResponse>(`/client/recipients${type ? `?type=${enc(type)}` : ''}`, { signal }),
    select: (body) => body.data,
  });

export const recipientQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.recipient(id),
    queryFn: ({ signal }) => apiRequest<RecipientResponse>(`/client/recipients/${enc(id)}`, { signal }),
    select: (body) => body.data,
  });

/** Creating takes the submission's Idempotency-Key; a change (PUT) is idempotent by itself. */
export function saveRecipient(body: CreateRecipient, id?: string, idempotencyKey?: string) {
  if (id) return apiRequest<RecipientResponse>(`/client/recipients/${enc(id)}`, { method: 'PUT', body });
  return apiRequest<RecipientResponse>('/client/recipients', { method: 'POST', body, idempotencyKey });
}

export function confirmRecipient(id: string, code: string) {
  return apiRequest<RecipientResponse>(`/client/recipients/${enc(id)}/confirm`, {
    method: 'POST',
    body: { code },
  });
}

export function deleteRecipient(id: string) {
  return apiRequest<null>(`/client/recipients/${enc(id)}`, { method: 'DELETE' });
}

/** The list's query string: only the filters that are set. */
export function paymentListPath(query: Partial<PaymentListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return `/client/payments${text ? `?${text}` : ''}`;
}

/**
 * What a payment would cost (fee-preview.ts builds the path). Silent: the form shows a refusal
 * beside the amount, and a preview is only a preview, so it is never retried.
 */
export const feePreviewQuery = (path: string) =>
  queryOptions({
    queryKey: paymentKeys.feePreview(path),
    queryFn: ({ signal }) => apiRequest<FeePreviewResponse>(path, { signal }),
    select: (body) => body.data,
    enabled: path !== '',
    retry: false,
    meta: { silent: true },
  });

export const paymentsQuery = (query: Partial<PaymentListQuery>) =>
  queryOptions({
    queryKey: paymentKeys.paymentList(query),
    queryFn: ({ signal }) => apiRequest<PaymentPage>(paymentListPath(query), { signal }),
  });

const FINAL = new Set(['completed', 'rejected', 'returned', 'cancelled']);

/** One payment; while it is on its way it is fetched again, so the page shows it settle. */
export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.payment(id),
    queryFn: ({ signal }) => apiRequest<PaymentResponse>(`/client/payments/${enc(id)}`, { signal }),
    select: (body) => body.data,
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status === 'processing' || status === 'created' ? 2000 : false;
    },
  });

export const isFinalStatus = (status: string) => FINAL.has(status);

export function createPayment(body: CreatePayment, idempotencyKey: string) {
  return apiRequest<PaymentResponse>('/client/payments', { method: 'POST', body, idempotencyKey });
}

export function confirmPayment(id: string, code: string) {
  return apiRequest<PaymentResponse>(`/client/payments/${enc(id)}/confirm`, {
    method: 'POST',
    body: { code },
  });
}

export function cancelPayment(id: string, idempotencyKey: string) {
  return apiRequest<PaymentResponse>(`/client/payments/${enc(id)}/cancel`, {
    method: 'POST',
    idempotencyKey,
  });
}

export const confirmationPdfHref = (id: string) => `/api/client/payments/${enc(id)}/confirmation.pdf`;
