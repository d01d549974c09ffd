import { Alert, Button, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FoldedFilters } from '../../components/folded-filters';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { currencyAccountsQuery } from '../../lib/queries/account-groups';
import { paymentsQuery } from './api';
import { PaymentFilterFields } from './payment-filter-fields';
import { filtersFromParams, withFilter } from './payment-filters';
import { PaymentRow } from './payment-row';
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
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('history.title')}</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to="/dashboard/payments/batch"
            variant="light"
            data-testid="batch-payments"
          >
            {t('batch.entry')}
          </Button>
          <Button component={Link} to="/dashboard/payments/type" data-testid="new-payment">
            {t('history.new')}
          </Button>
        </Group>
      </Group>
      <FoldedFilters
        active={
          Object.entries(filters).filter(([key, value]) => key !== 'page' && value !== undefined).length
        }
      >
        <PaymentFilterFields filters={filters} accounts={accounts.data ?? []} set={set} />
      </FoldedFilters>
      {payments.isPending && <Skeleton height={200} aria-busy="true" />}
      {payments.isError && (
        <Alert color="red" title={t('errors.load_failed')}>
          {problemMessage(payments.error, PAYMENT_TEXTS)}
        </Alert>
      )}
      {payments.data?.data.length === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {payments.data?.data.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} />
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
