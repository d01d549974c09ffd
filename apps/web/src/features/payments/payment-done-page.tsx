import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { paymentQuery } from './api';
import { PAYMENT_TEXTS } from './problem-texts';

// /dashboard/payments/done?payment={id}: the payment is confirmed; its status follows the rail
// (fetched again while it is processing) until it completes or comes back.
export default function PaymentDonePage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('done.title'));
  const [params] = useSearchParams();
  const id = params.get('payment') ?? '';
  const payment = useQuery({ ...paymentQuery(id), enabled: Boolean(id) });
  if (!id) return <Navigate to="/dashboard/payments" replace />;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('done.title')}</Title>
      {payment.isPending && <Skeleton height={120} aria-busy="true" />}
      <FormMessage message={payment.isError ? problemMessage(payment.error, PAYMENT_TEXTS) : undefined} />
      {payment.data && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={700} fz="xl">
                <Money amount={payment.data.amount} currency={payment.data.currency} />
              </Text>
              <StatusBadge status={payment.data.status} testId="payment-status">
                {t(`status.${payment.data.status}`, { defaultValue: payment.data.status })}
              </StatusBadge>
            </Group>
            <Text>{t('done.to', { name: payment.data.payee.name })}</Text>
            <Text size="sm" c="dimmed">
              {t(`done.hint_${payment.data.status}`, { defaultValue: t('done.hint_processing') })}
            </Text>
            <Group>
              <Button component={Link} to={`/dashboard/payments/${id}`}>
                {t('done.details')}
              </Button>
              <Button variant="default" component={Link} to="/dashboard/payments/type">
                {t('done.another')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
