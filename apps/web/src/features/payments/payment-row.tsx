import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { formatDate } from '../../lib/format-date';
import type { PaymentPage } from './api';

/** One payment of the history: payee, date and type, description, amount and status. */
export function PaymentRow({ payment }: { payment: PaymentPage['data'][number] }) {
  const { t } = useTranslation('payments');
  return (
    <Card component="li" withBorder padding="sm" data-testid="payment-row">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/dashboard/payments/${payment.id}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {payment.payee.name}
          </Anchor>
          <Text size="xs" c="dimmed" className="tabular-figures">
            {formatDate(payment.created_at)} · {t(`types.${payment.type}`)}
          </Text>
          {payment.description && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {payment.description}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text fw={700} size="sm">
            <Money amount={-payment.amount} currency={payment.currency} />
          </Text>
          <StatusBadge status={payment.status} testId="payment-status">
            {t(`status.${payment.status}`, { defaultValue: payment.status })}
          </StatusBadge>
        </Stack>
      </Group>
    </Card>
  );
}
