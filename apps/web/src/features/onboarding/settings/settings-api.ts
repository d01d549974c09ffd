import type { RelatedClient, RelatedPersonAnswer, SettingsAnswer } from '@bluepeak/core/settings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clientQueryKeys } from '../../../lib/client-session';

// The settings pages' calls (docs/requirements/settings.md): one read for all pages, a write
// per page. The key sits under ['client'] so log-out forgets it.
export const settingsKey = [...clientQueryKeys.all, 'settings'] as const;

export const settingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => apiRequest<{ data: SettingsAnswer }>('/client/settings', { signal }),
  select: (body) => body.data,
});

type Saved = { data: { saved: true } };

/** PUT /client/settings/<path>: replaces one page's data. */
export const saveSettings = (path: string, body: unknown) =>
  apiRequest<Saved>(`/client/settings/${path}`, { method: 'PUT', body });

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
