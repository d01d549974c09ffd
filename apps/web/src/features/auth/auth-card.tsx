import { Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/use-page-title';

// The frame of every sign-up, log-in and restore page inside the landing layout: one heading
// (the page's h1), an optional line under it, and the form.
export function AuthCard({
  title,
  intro,
  children,
  size = 'xs',
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  size?: 'xs' | 'sm';
}) {
  usePageTitle(title);
  return (
    <Container size={size === 'xs' ? 480 : 640} py={48} px="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <PageHeading title={title} intro={intro} />
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
