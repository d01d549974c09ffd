import { Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/use-page-title';

// The frame of each onboarding step inside the verification layout.
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
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <PageHeading title={title} intro={intro} />
        {children}
      </Stack>
    </Container>
  );
}
