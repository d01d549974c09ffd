import { batchStatuses } from '@bluepeak/core/payments';
import { Anchor, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { pageParam } from '../../lib/page-param';
import { batchesQuery } from './api';

// The batches in the payments queue (docs/requirements/batch-payments.md, "Back office"): every
// client's batches, newest first, filtered by status in the address so a link shows the same list.
export default function BatchesPage() {
  return (
    <RequirePermission needs="managePayments">
      <BatchList />
    </RequirePermission>
  );
}

function BatchList() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status') ?? '';
  const status = (batchStatuses as readonly string[]).includes(wanted) ? wanted : undefined;
  const page = pageParam(params);
  const list = useQuery(batchesQuery(status, page));
  return (
    <PagedListPage
      title={t('payments.batches.title')}
      intro={t('payments.batches.intro')}
      filters={
        <Stack gap="xs" align="flex-start">
          <Anchor component={Link} to="/payments" size="sm">
            ← {t('payments.batches.back')}
          </Anchor>
          <Select
            label={t('payments.status_label')}
            w={240}
            maw="100%"
            value={status ?? 'all'}
            allowDeselect={false}
            data={[
              { value: 'all', label: t('payments.status_all') },
              ...batchStatuses.map((value) => ({ value, label: t(`payments.batches.status.${value}`) })),
            ]}
            onChange={(value) => setParams(value && value !== 'all' ? { status: value } : {})}
          />
        </Stack>
      }
      list={list}
      page={page}
      empty={t('payments.batches.empty')}
      minWidth={820}
      testId="batch-queue"
      head={
        <>
          <Table.Th>{t('payments.columns.date')}</Table.Th>
          <Table.Th>{t('payments.columns.client')}</Table.Th>
          <Table.Th>{t('payments.batches.file')}</Table.Th>
          <Table.Th ta="right">{t('payments.batches.rows')}</Table.Th>
          <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
          <Table.Th>{t('payments.columns.status')}</Table.Th>
        </>
      }
      row={(batch) => (
        <Table.Tr key={batch.id} data-batch-id={batch.id}>
          <Table.Td className="tabular-figures">
            <Anchor
              component={Link}
              to={`/payments/batches/${batch.id}`}
              aria-label={t('payments.batches.open', { name: batch.file_name ?? batch.source_format })}
            >
              {formatDateTime(batch.created_at)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <ClientLink id={batch.client_id}>{batch.client_name}</ClientLink>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{batch.file_name ?? batch.source_format}</Table.Td>
          <Table.Td ta="right" className="tabular-figures">
            {batch.rows_total}
          </Table.Td>
          <Table.Td ta="right">
            {batch.totals.map((total) => (
              <Text key={total.currency} size="sm">
                <Money amount={total.amount} currency={total.currency} />
              </Text>
            ))}
          </Table.Td>
          <Table.Td>
            <StatusBadge status={batch.status} testId="batch-status">
              {t(`payments.batches.status.${batch.status}`)}
            </StatusBadge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
