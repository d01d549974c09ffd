import type { StepStatusResponse } from '@bluepeak/core/onboarding';
import type { RelatedClient, RelatedPersonAnswer } from '@bluepeak/core/settings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { settingsKey } from '../../lib/queries/settings';

// The settings pages' own calls (docs/requirements/settings.md); the read and a page's write are
// in lib/queries/settings.ts.
/** One more company document, as the onboarding step sends it. */
export const uploadCompanyDocuments = (body: unknown) =>
  apiRequest<StepStatusResponse>('/client/company_documents', { method: 'POST', body });

export const addRelatedPerson = (body: unknown) =>
  apiRequest<{ data: RelatedPersonAnswer }>('/client/settings/related_persons', { method: 'POST', body });

export const uploadPersonDocuments = (id: string, body: unknown) =>
  apiRequest<{ data: RelatedPersonAnswer }>(`/client/settings/related_persons/${id}/documents`, {
    method: 'POST',
    body,
  });

export const relatedClientsQuery = queryOptions({
  queryKey: [...settingsKey, 'related_clients'] as const,
  queryFn: ({ signal }) =>
    apiRequest<{ data: RelatedClient[] }>('/client/settings/related_clients', { signal }),
  select: (body) => body.data,
});

export const linkRelatedClient = (body: unknown) =>
  apiRequest<{ data: RelatedClient }>('/client/settings/related_clients', { method: 'POST', body });

export const removeRelatedPerson = (id: string) =>
  apiRequest<null>(`/client/settings/related_persons/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The partner at `position` of a direction's list, named so a list changed meanwhile loses no other. */
export const removePartner = (direction: 'incoming' | 'outgoing', position: number, name: string) =>
  apiRequest<null>(
    `/client/settings/partners/${direction}/${position}?${new URLSearchParams({ name }).toString()}`,
    { method: 'DELETE' },
  );

export const relatedClientQuery = (id: string) =>
  queryOptions({
    queryKey: [...settingsKey, 'related_clients', id] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ data: RelatedClient }>(`/client/settings/related_clients/${encodeURIComponent(id)}`, {
        signal,
      }),
    select: (body) => body.data,
  });
