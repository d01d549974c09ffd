import { paymentStatuses, paymentTypes } from '@bluepeak/core/payments';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { formatDate } from '../../lib/format-date';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { paymentsQuery } from './api';
import { StatusBadge } from './payment-figures';
import { filtersFromParams, withFilter } from './payment-filters';
import { PAYMENT_TEXTS } from './problem-texts';

// /dashboard/payments: the history, newest first, filtered by status, type, account, dates
// and text, a page at a time.
export default function PaymentsPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('history.title'));
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const payments = useQuery({ ...paymentsQuery(filters), placeholderData: keepPreviousData });
  const accounts = useQuery(currencyAccountsQuery);
  const set = (name: Parameters<typeof withFilter>[1], value: string | number | undefined) =>
    setParams(withFilter(filters, name, value), { replace: name !== 'page' });
  const setText = useDebouncedCallback((value: string) => set('q', value.trim() || undefined), 400);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('history.title')}</Title>
        <Button component={Link} to="/dashboard/payments/type" data-testid="new-payment">
          {t('history.new')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Select
          label={t('history.status')}
          clearable
          data={paymentStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={filters.status ?? null}
          onChange={(value) => set('status', value ?? undefined)}
        />
        <Select
          label={t('history.type')}
          clearable
          data={paymentTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          value={filters.type ?? null}
          onChange={(value) => set('type', value ?? undefined)}
        />
        <Select
          label={t('history.account')}
          clearable
          data={(accounts.data ?? []).map((account) => ({
            value: account.id,
            label: `${account.name} (${account.currency.code})`,
          }))}
          value={filters.account_id ?? null}
          onChange={(value) => set('account_id', value ?? undefined)}
        />
        <TextInput
          label={t('history.date_from')}
          type="date"
          value={filters.date_from ?? ''}
          onChange={(event) => set('date_from', event.currentTarget.value || undefined)}
        />
        <TextInput
          label={t('history.date_to')}
          type="date"
          value={filters.date_to ?? ''}
          onChange={(event) => set('date_to', event.currentTarget.value || undefined)}
        />
        <TextInput
          label={t('history.search')}
          defaultValue={filters.q ?? ''}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={70}
        />
      </SimpleGrid>
      {payments.isPending && <Skeleton height={200} aria-busy="true" />}
      {payments.isError && (
        <Alert color="red" title={t('errors.load_failed')}>
          {problemMessage(payments.error, PAYMENT_TEXTS)}
        </Alert>
      )}
      {payments.data?.data.length === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {payments.data?.data.map((payment) => (
          <Card key={payment.id} component="li" withBorder padding="sm" data-testid="payment-row">
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
                <StatusBadge status={payment.status} />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      {payments.data && payments.data.meta.total_pages > 1 && (
        <Pagination
          total={payments.data.meta.total_pages}
          value={payments.data.meta.page}
          onChange={(page) => set('page', page)}
          size="sm"
          siblings={0}
          getControlProps={(control) => ({ 'aria-label': t(`history.page_${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('history.page_n', { page }) })}
        />
      )}
    </Stack>
  );
}
