import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's one heading (its h1) and an optional line under it. */
export function PageHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
    </Stack>
  );
}
