import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { Field } from '../../components/field';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { Section } from '../../components/section';
import { type BackofficeBatch, batchQuery } from './api';
import { BatchActions } from './batch-actions';
import { BatchRowsTable } from './batch-rows-table';

// One batch for an operator (docs/requirements/batch-payments.md, "Back office"): its client,
// totals and status, holding, releasing or returning it whole, and its rows, each one a payment
// that is held or returned on its own.
export default function BatchDetailPage() {
  return (
    <RequirePermission needs="managePayments">
      <BatchDetail />
    </RequirePermission>
  );
}

function BatchDetail() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const batch = useQuery({ ...batchQuery(id), meta: { silent: true } });
  usePageTitle(t('payments.batches.detail.title'), undefined, null);
  const notFound = batch.error instanceof ApiError && [400, 404].includes(batch.error.status);
  return (
    <Stack>
      <Anchor component={Link} to="/payments/batches" size="sm">
        ← {t('payments.batches.detail.back')}
      </Anchor>
      <Title order={1}>{t('payments.batches.detail.title')}</Title>
      {batch.isPending && <Skeleton role="status" h={320} aria-label={t('loading')} />}
      {notFound && <Alert color="gray">{t('payments.batches.detail.not_found')}</Alert>}
      {batch.isError && !notFound && <LoadFailed onRetry={() => void batch.refetch()} />}
      {batch.data && <BatchRecord batch={batch.data} />}
    </Stack>
  );
}

function BatchRecord({ batch }: { batch: BackofficeBatch }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <Group gap="sm">
        <StatusBadge status={batch.status} testId="batch-status">
          {t(`payments.batches.status.${batch.status}`)}
        </StatusBadge>
        <Text size="sm" c="dimmed">
          {batch.file_name ?? batch.source_format} ·{' '}
          {t('payments.batches.row_count', { count: batch.rows_total })}
        </Text>
      </Group>
      <Section title={t('payments.detail.actions')}>
        <BatchActions batch={batch} />
      </Section>
      <Section title={t('payments.batches.detail.summary')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field
            label={t('payments.detail.client')}
            value={<ClientLink id={batch.client_id}>{batch.client_name}</ClientLink>}
          />
          <Field
            label={t('payments.batches.detail.totals')}
            value={batch.totals.map((total) => (
              <div key={total.currency}>
                <Money amount={total.amount} currency={total.currency} />
              </div>
            ))}
          />
          <Field
            label={t('payments.batches.detail.fees')}
            value={<Money amount={batch.fee_total} currency={batch.account_currency} />}
          />
          <Field
            label={t('payments.batches.detail.debit')}
            value={<Money amount={batch.debit_total} currency={batch.account_currency} />}
          />
          <Field label={t('payments.detail.created')} value={formatDateTime(batch.created_at)} />
          <Field
            label={t('payments.batches.detail.confirmed')}
            value={batch.confirmed_at ? formatDateTime(batch.confirmed_at) : null}
          />
          <Field
            label={t('payments.batches.detail.by_status')}
            value={Object.entries(batch.rows_by_status)
              .map(([status, count]) => `${t(`payments.batches.row_status.${status}`)}: ${count}`)
              .join(', ')}
          />
          <Field label={t('payments.detail.reason')} value={batch.status_reason} />
        </SimpleGrid>
      </Section>
      <Section title={t('payments.batches.detail.rows')}>
        <BatchRowsTable batchId={batch.id} />
      </Section>
    </>
  );
}
