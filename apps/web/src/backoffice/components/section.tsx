import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a back-office page, in its own card. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
