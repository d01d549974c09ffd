import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of a price shown before the client commits: its label left, the value right. */
export function FigureLine({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
