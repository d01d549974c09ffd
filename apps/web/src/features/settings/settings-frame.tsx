import type { SettingsAnswer } from '@bluepeak/core/settings';
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SettingsShell } from '../../components/settings-shell';
import { usePageTitle } from '../../components/use-page-title';
import { settingsQuery } from '../../lib/queries/settings';

// The frame of every settings page: its heading, the way back to Settings, and the settings
// read once for the page's form to start from.
export function SettingsFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: (settings: SettingsAnswer) => ReactNode;
}) {
  const { t } = useTranslation('settings');
  usePageTitle(title);
  const settings = useQuery(settingsQuery);
  return (
    <SettingsShell title={title} intro={intro}>
      {settings.isError && (
        <LoadFailedAlert
          title={t('company.load_failed')}
          retryLabel={t('company.retry')}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data
        ? children(settings.data)
        : !settings.isError && <Loader aria-label={t('company.loading')} />}
    </SettingsShell>
  );
}
