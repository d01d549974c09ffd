import type {
  ClientDetail,
  ClientDocument,
  CompanyProfileSections,
  clientDecisionAnswerSchema,
  clientDetailAnswerSchema,
  recordedIncomingPaymentSchema,
} from '@bluepeak/core/backoffice';
import type { BackofficeDeactivation } from '@bluepeak/core/deactivation';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, type RequestOptions } from '../../../lib/api-client';
import { backoffice } from '../../lib/api';

// The calls behind a client's record: the record itself, the compliance decisions, the two
// money actions, the deactivation request and its decision, and the documents' addresses.
// Answers are typed from core's schemas.
export type { BackofficeDeactivation, ClientDetail, ClientDocument, CompanyProfileSections };
export type Account = ClientDetail['accounts'][number];
type Decided = z.infer<typeof clientDecisionAnswerSchema>;

export const clientKeys = {
  one: (id: string) => ['backoffice', 'client', id] as const,
  deactivation: (id: string) => ['backoffice', 'deactivations', 'client', id] as const,
};

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.one(id),
    queryFn: ({ signal }) =>
      backoffice<z.infer<typeof clientDetailAnswerSchema>>(`/clients/${id}`, { signal }),
    select: (answer) => answer.data,
  });

/** A decision on the application (approve, reject, request_update or a requirement). */
export const decideClient = (clientId: string, action: string, body: object) =>
  backoffice<Decided>(`/clients/${clientId}/${action}`, { method: 'POST', body });

export const decideIdentification = (submissionId: string, verdict: 'approve' | 'reject', reason: string) =>
  backoffice<Decided>(`/identifications/${submissionId}/${verdict}`, {
    method: 'POST',
    body: verdict === 'reject' ? { reason } : {},
  });

export const decideDocument = (
  clientId: string,
  documentId: string,
  verdict: 'accept' | 'reject',
  reason: string,
) =>
  backoffice<Decided>(`/clients/${clientId}/documents/${documentId}/${verdict}`, {
    method: 'POST',
    body: verdict === 'reject' ? { reason } : {},
  });

export const acceptUpdate = (clientId: string) =>
  backoffice<Decided>(`/clients/${clientId}/accept_update`, { method: 'POST' });

export const recordIncomingPayment = (body: Record<string, unknown>, idempotencyKey: string) =>
  backoffice<z.infer<typeof recordedIncomingPaymentSchema>>('/incoming_payments', {
    method: 'POST',
    idempotencyKey,
    body,
  } satisfies RequestOptions);

export const proposeAdjustment = (body: {
  client_id: string;
  currency: string;
  direction: 'credit' | 'debit';
  amount: number | null;
  reason: string;
}) => backoffice('/adjustments', { method: 'POST', body });

/**
 * The client's deactivation request, or null when the client has made none: the API answers
 * that with 404 `not_found`, which here is the ordinary "no request" and not a failure.
 */
export async function readDeactivationRequest(
  clientId: string,
  signal?: AbortSignal,
): Promise<BackofficeDeactivation | null> {
  try {
    const answer = await backoffice<{ data: BackofficeDeactivation }>(
      `/deactivations/${encodeURIComponent(clientId)}`,
      { signal },
    );
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const deactivationQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientKeys.deactivation(clientId),
    queryFn: ({ signal }) => readDeactivationRequest(clientId, signal),
  });

/** Approve (with an optional note) or reject (with a reason) the client's request to close. */
export const decideDeactivation = (clientId: string, verdict: 'approve' | 'reject', words: string) =>
  backoffice(`/deactivations/${clientId}/${verdict}`, {
    method: 'POST',
    body: verdict === 'reject' ? { reason: words } : words ? { note: words } : {},
  });

export const documentUrl = (clientId: string, documentId: string, view = false) =>
  `/api/backoffice/clients/${clientId}/documents/${documentId}${view ? '/view' : ''}`;

/** A client's statement file, as the client gets it; the browser downloads it with the operator's session. */
export const statementFileUrl = (
  clientId: string,
  accountId: string,
  period: { from: string; to: string },
  format: string,
) =>
  `/api/backoffice/clients/${clientId}/statements?${new URLSearchParams({ account_id: accountId, ...period, format })}`;
