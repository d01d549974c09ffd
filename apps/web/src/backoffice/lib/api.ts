import type { AuditLogEntry, BackofficePermission, OperatorSummary } from '@bluepeak/core/backoffice';
import type { ClientRecord } from '@bluepeak/core/onboarding';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, type RequestOptions } from '../../lib/api-client';
import { backofficeI18n } from './i18n';

// The back office's calls to the operator API (/api/backoffice/...), its answers' shapes and
// the one function that turns a failure into the message an operator reads.
export const backoffice = <T>(path: string, options?: RequestOptions) =>
  apiRequest<T>(`/backoffice${path}`, options);

/** What the operator's roles allow (core's one table, as `/api/backoffice/me` answers it). */
export type Permissions = Record<BackofficePermission, boolean>;
export type Me = OperatorSummary & { permissions: Permissions };
export type Page<T> = {
  data: T[];
  meta: { page: number; limit: number; total: number; total_pages: number };
};

/** Query-key roots shared by more than one feature (one feature's change refreshes another's list). */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  payments: ['backoffice', 'payments'] as const,
};

export const meQueryKey = ['backoffice', 'me'] as const;

export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => backoffice<{ data: Me }>('/me', { signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
    staleTime: 60_000,
  });
}

export const clientStatuses = [
  'NEW',
  'VERIFIED',
  'ON_APPROVAL',
  'APPROVED',
  'REJECTED',
  'DEACTIVATION_REQUESTED',
] as const;
export type QueueStatus = (typeof clientStatuses)[number];

export type ApplicationRow = {
  id: string;
  type: 'PRIVATE' | 'CORPORATE';
  name: string;
  email: string;
  status: string;
  application_submitted_at: string | null;
  created_at: string;
};

export type DocumentRow = {
  id: string;
  kind: string;
  file_name: string;
  mime: string;
  size: number;
  submission_id: string | null;
  created_at: string;
};

export type ClientDetail = {
  client: ClientRecord;
  addresses: { type: string; country: string; city: string; address: string; postcode: string }[];
  identifications: {
    id: string;
    document_type: string;
    status: string;
    decision_reason: string | null;
    date_of_birth: string | null;
    document_expires_on: string | null;
    created_at: string;
  }[];
  documents: DocumentRow[];
  company_profile: Record<string, unknown>;
  update_require: Record<string, boolean>;
  accounts: {
    id: string;
    currency: string;
    name: string;
    iban: string;
    sort_code: string;
    account_number: string;
    balance: number;
    available: number;
  }[];
  reviews: {
    id: string;
    action: string;
    reason: string | null;
    operator_email: string;
    created_at: string;
  }[];
};

export type Adjustment = {
  id: string;
  client_id: string;
  client_email: string;
  currency: string;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
  status: 'proposed' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
};

export type { AuditLogEntry, OperatorSummary };

export const documentUrl = (clientId: string, documentId: string, view = false) =>
  `/api/backoffice/clients/${clientId}/documents/${documentId}${view ? '/view' : ''}`;

/** What an operator reads when a call fails: the server's own words first. */
export function errorMessage(error: unknown): string {
  const t = backofficeI18n.t;
  if (!(error instanceof ApiError)) return t('errors.no_response');
  const { status, body } = error;
  if (status === 400) {
    const listed = body?.errors?.map((item) => `${item.field}: ${item.message}`) ?? [];
    if (listed.length > 0) return listed.join('\n');
  }
  if (status === 422 && body?.detail) return body.detail;
  return body?.message || t('errors.status', { status });
}
