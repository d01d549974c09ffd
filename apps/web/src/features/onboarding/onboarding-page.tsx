import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApplicationSteps } from '../../components/application-steps';
import { PageHeading } from '../../components/page-heading';
import { SettingsShell } from '../../components/settings-shell';
import { usePageTitle } from '../../components/use-page-title';
import { usePageFrame } from '../../lib/page-frame';

// The frame of each onboarding step inside the verification layout: until the accounts open, the
// step indicator says what is done and what is left. The pages Settings shares with onboarding
// (contacts, security, password, identification) open inside the dashboard layout from Settings:
// there they keep the sidebar and lead back to Settings, as every settings page does.
export function OnboardingPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  if (usePageFrame() === 'dashboard') {
    return (
      <SettingsShell title={title} intro={intro}>
        {children}
      </SettingsShell>
    );
  }
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <ApplicationSteps />
        <PageHeading title={title} intro={intro} />
        {children}
      </Stack>
    </Container>
  );
}
