import type { Batch } from '@bluepeak/core/payments';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';

/** Totals per currency, the fees, what the batch takes from the account and what is there. */
export function BatchSummary({ batch }: { batch: Batch }) {
  const { t } = useTranslation('payments');
  const short = batch.status === 'draft' && batch.debit_total > batch.balance_available;
  const line = (label: string, value: React.ReactNode, testId?: string, color?: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={color}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('batch.summary.title')}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t('batch.summary.title')}
        </Title>
        <StatusBadge status={batch.status} testId="batch-status">
          {t(`batch.status.${batch.status}`, { defaultValue: batch.status })}
        </StatusBadge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={6}>
          {line(t('batch.summary.rows'), batch.rows_total, 'batch-rows-total')}
          {line(t('batch.summary.valid'), batch.rows_valid)}
          {line(
            t('batch.summary.invalid'),
            batch.rows_invalid,
            'batch-rows-invalid',
            batch.rows_invalid ? 'red' : undefined,
          )}
          {batch.totals.map((total) => (
            <Fragment key={total.currency}>
              {line(
                t('batch.summary.total', { currency: total.currency, count: total.rows }),
                <Money amount={total.amount} currency={total.currency} />,
              )}
            </Fragment>
          ))}
        </Stack>
        <Stack gap={6}>
          {line(
            t('batch.summary.fees'),
            <Money amount={batch.fee_total} currency={batch.account_currency} />,
          )}
          {line(
            t('batch.summary.needed'),
            <Money amount={batch.debit_total} currency={batch.account_currency} />,
            'batch-needed',
          )}
          {line(
            t('batch.summary.available'),
            <Money amount={batch.balance_available} currency={batch.account_currency} />,
            'batch-available',
            short ? 'red' : undefined,
          )}
          {short && (
            <Text size="sm" c="red">
              {t('batch.summary.short')}
            </Text>
          )}
          {batch.status_reason && <Text size="sm">{batch.status_reason}</Text>}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
