import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Field } from './field';

export type SummaryLine = { label: string; value: ReactNode };

/**
 * What a money action moves, in its confirmation dialog before anything is sent
 * (docs/requirements/back-office.md, "Money"): the amount, who pays and who is paid, then
 * anything else the operator confirms on.
 */
export function MoneySummary({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <Card withBorder padding="sm" data-testid="money-summary">
      <Stack gap="xs">
        {lines.map((line) => (
          <Field key={line.label} label={line.label} value={line.value} />
        ))}
      </Stack>
    </Card>
  );
}
