import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApplicationSteps } from '../../components/application-steps';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/use-page-title';
import { useClient } from '../../lib/client-session';

// The frame of each onboarding step inside the verification layout: until the accounts open, the
// step indicator says what is done and what is left.
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
  const client = useClient();
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        {client.status !== 'APPROVED' && <ApplicationSteps />}
        <PageHeading title={title} intro={intro} />
        {children}
      </Stack>
    </Container>
  );
}
