import { Anchor, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from './page-heading';

/** The frame of a page under Settings: the way back to Settings, its heading, then the page. */
export function SettingsShell({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/dashboard/settings" size="sm">
          {t('company.back')}
        </Anchor>
        <PageHeading title={title} intro={intro} />
        {children}
      </Stack>
    </Container>
  );
}
