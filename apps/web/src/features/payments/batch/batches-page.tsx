import { Alert, Anchor, Button, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { problemMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format-date';
import { PAYMENT_TEXTS } from '../problem-texts';
import { type BatchPage, batchesQuery } from './api';

// /dashboard/payments/batch: the client's batches, newest first, a page at a time.
export default function BatchesPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('batch.list.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const batches = useQuery({ ...batchesQuery(page), placeholderData: keepPreviousData });
  const pages = batches.data ? Math.ceil(batches.data.meta.total / batches.data.meta.limit) : 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('batch.list.title')}</Title>
        <Button component={Link} to="/dashboard/payments/batch/new" data-testid="new-batch">
          {t('batch.list.new')}
        </Button>
      </Group>
      {batches.isPending && <Skeleton height={200} aria-busy="true" />}
      {batches.isError && (
        <Alert color="red" title={t('errors.load_failed')}>
          {problemMessage(batches.error, PAYMENT_TEXTS)}
        </Alert>
      )}
      {batches.data?.data.length === 0 && <Text c="dimmed">{t('batch.list.empty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {batches.data?.data.map((batch) => (
          <BatchRowCard key={batch.id} batch={batch} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => setParams({ page: String(next) })}
          size="sm"
          siblings={0}
          getControlProps={(control) => ({ 'aria-label': t(`history.page_${control}`) })}
          getItemProps={(n) => ({ 'aria-label': t('history.page_n', { page: n }) })}
        />
      )}
    </Stack>
  );
}

function BatchRowCard({ batch }: { batch: BatchPage['data'][number] }) {
  const { t } = useTranslation('payments');
  return (
    <Card component="li" withBorder padding="sm" data-testid="batch-row">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/dashboard/payments/batch/${batch.id}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {batch.file_name ?? t('batch.list.typed')}
          </Anchor>
          <Text size="xs" c="dimmed" className="tabular-figures">
            {formatDate(batch.created_at)} · {t('batch.list.rows', { count: batch.rows_total })}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          {batch.totals.map((total) => (
            <Text key={total.currency} fw={700} size="sm">
              <Money amount={total.amount} currency={total.currency} />
            </Text>
          ))}
          <StatusBadge status={batch.status} testId="batch-status">
            {t(`batch.status.${batch.status}`, { defaultValue: batch.status })}
          </StatusBadge>
        </Stack>
      </Group>
    </Card>
  );
}
