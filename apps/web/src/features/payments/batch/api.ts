import type {
  BatchRowInput,
  batchAnswerSchema,
  batchCodeAnswerSchema,
  batchPageSchema,
  batchRowAnswerSchema,
  batchRowPageSchema,
  updateBatchRowSchema,
} from '@bluepeak/core/payments';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest, NetworkError } from '../../../lib/api-client';
import { clientQueryKeys } from '../../../lib/client-session';
import { accountGroupsKey } from '../../../lib/queries/account-groups';

// The batch payments API (docs/requirements/batch-payments.md): reads are `…Query` options,
// writes are named for what they do. Keys sit under ['client'] so log-out forgets them.
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;
export type BatchPage = z.infer<typeof batchPageSchema>;
export type BatchRowPage = z.infer<typeof batchRowPageSchema>;
export type BatchRowChange = z.infer<typeof updateBatchRowSchema>;
export type BatchRowFilter = 'all' | 'valid' | 'invalid';

export const batchKeys = {
  accounts: accountGroupsKey,
  all: [...clientQueryKeys.all, 'batches'] as const,
  list: (page: number) => [...clientQueryKeys.all, 'batches', 'list', page] as const,
  batch: (id: string) => [...clientQueryKeys.all, 'batches', id] as const,
  rows: (id: string, status: string, page: number) =>
    [...clientQueryKeys.all, 'batches', id, 'rows', status, page] as const,
};

const enc = encodeURIComponent;
const base = '/client/batches';
const ON_ITS_WAY = 2000;

export const batchesQuery = (page: number) =>
  queryOptions({
    queryKey: batchKeys.list(page),
    queryFn: ({ signal }) => apiRequest<BatchPage>(`${base}?page=${page}`, { signal }),
  });

/** One batch; while its rows are on their way it is fetched again, so the page shows them settle. */
export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: batchKeys.batch(id),
    queryFn: ({ signal }) => apiRequest<BatchAnswer>(`${base}/${enc(id)}`, { signal }),
    select: (body) => body.data,
    refetchInterval: (query) => (query.state.data?.data.status === 'processing' ? ON_ITS_WAY : false),
  });

export const batchRowsQuery = (id: string, status: string, page: number, live: boolean) =>
  queryOptions({
    queryKey: batchKeys.rows(id, status, page),
    queryFn: ({ signal }) =>
      apiRequest<BatchRowPage>(`${base}/${enc(id)}/rows?status=${enc(status)}&page=${page}&limit=100`, {
        signal,
      }),
    refetchInterval: live ? ON_ITS_WAY : false,
  });

export const templateHref = `/api${base}/template.csv`;
export const resultsHref = (id: string) => `/api${base}/${enc(id)}/results`;

/**
 * The upload is the one call sent as multipart, through XMLHttpRequest because fetch cannot
 * report the upload's progress; its answers and refusals read like apiRequest's.
 */
export function uploadBatch(
  upload: { accountId: string; file: File },
  idempotencyKey: string,
  onProgress: (percent: number) => void,
): Promise<BatchAnswer> {
  const form = new FormData();
  form.append('account_id', upload.accountId);
  form.append('file', upload.file, upload.file.name);
  const path = base;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new NetworkError(path));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as BatchAnswer);
      else reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1], path));
    };
    xhr.send(form);
  });
}

export function updateBatchRow(id: string, rowId: string, body: BatchRowChange) {
  return apiRequest<z.infer<typeof batchRowAnswerSchema>>(`${base}/${enc(id)}/rows/${enc(rowId)}`, {
    method: 'PATCH',
    body,
  });
}

export function deleteBatchRow(id: string, rowId: string) {
  return apiRequest<null>(`${base}/${enc(id)}/rows/${enc(rowId)}`, { method: 'DELETE' });
}

/** Every row with problems removed at once; the answer is the batch with its new counts. */
export function removeInvalidBatchRows(id: string) {
  return apiRequest<BatchAnswer>(`${base}/${enc(id)}/rows?status=invalid`, { method: 'DELETE' });
}

export function requestBatchCode(id: string) {
  return apiRequest<z.infer<typeof batchCodeAnswerSchema>>(`${base}/${enc(id)}/code`, { method: 'POST' });
}

/** `payDuplicates`: the client pays the rows that look like recent payments anyway. */
export function confirmBatch(
  id: string,
  confirmation: { code: string; payDuplicates: boolean },
  idempotencyKey: string,
) {
  return apiRequest<BatchAnswer>(`${base}/${enc(id)}/confirm`, {
    method: 'POST',
    body: { code: confirmation.code, pay_duplicates: confirmation.payDuplicates },
    idempotencyKey,
  });
}

export function cancelBatch(id: string) {
  return apiRequest<BatchAnswer>(`${base}/${enc(id)}/cancel`, { method: 'POST' });
}

/** Rows typed in the grid, sent as JSON; the same route and checks as a file. */
export function createBatchFromRows(
  body: { account_id: string; rows: BatchRowInput[] },
  idempotencyKey: string,
) {
  return apiRequest<BatchAnswer>(base, { method: 'POST', body, idempotencyKey });
}
