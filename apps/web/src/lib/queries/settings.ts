import type { SettingsAnswer } from '@bluepeak/core/settings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { clientQueryKeys } from '../client-session';

// The settings read and a settings page's write (docs/requirements/settings.md): one read for
// all pages, a write per page. Settings and onboarding's Contacts page both use them. The key
// sits under ['client'] so log-out forgets it.
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
