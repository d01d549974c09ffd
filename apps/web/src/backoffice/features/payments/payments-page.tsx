import type { PaymentStatus } from '@bluepeak/core/payments';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { queueQuery } from './api';
import { HoldBadge } from './hold-badge';
import { PaymentQueueFilters, readFilters } from './payment-queue-filters';

// The payments queue (docs/requirements/payments.md): per rail (tabs) and status (with counts), the on-hold filter
// and a text search, newest first. The filters live in the address, so a link or a reload
// shows the same queue.
export default function PaymentsPage() {
  return (
    <RequirePermission needs="managePayments">
      <PaymentQueue />
    </RequirePermission>
  );
}

function PaymentQueue() {
  const { t } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const queue = useQuery(queueQuery(filters));
  return (
    <PagedListPage
      title={t('payments.title')}
      filters={
        <>
          <Anchor component={Link} to="/payments/batches" size="sm" data-testid="batches-link">
            {t('payments.batches.link')}
          </Anchor>
          <PaymentQueueFilters counts={queue.data?.meta.counts} />
        </>
      }
      list={queue}
      page={filters.page}
      empty={t('payments.empty')}
      minWidth={820}
      testId="payment-queue"
      above={(found) => (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('payments.total', { count: found.meta.total })}
        </Text>
      )}
      head={
        <>
          <Table.Th>{t('payments.columns.date')}</Table.Th>
          <Table.Th>{t('payments.columns.client')}</Table.Th>
          <Table.Th>{t('payments.columns.type')}</Table.Th>
          <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
          <Table.Th>{t('payments.columns.payee')}</Table.Th>
          <Table.Th>{t('payments.columns.status')}</Table.Th>
        </>
      }
      row={(row) => (
        <Table.Tr key={row.id} data-payment-id={row.id}>
          <Table.Td className="tabular-figures">
            <Anchor
              component={Link}
              to={`/payments/${row.id}`}
              aria-label={t('payments.open', { reference: row.end_to_end_id })}
            >
              {formatDateTime(row.created_at)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <ClientLink id={row.client_id}>{row.client_name}</ClientLink>
          </Table.Td>
          <Table.Td>
            <Badge variant="outline">{t(`payments.rails.${row.rail}`)}</Badge>
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={row.amount} currency={row.currency} />
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.payee.name ?? '–'}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <StatusBadge status={row.status} testId="payment-status">
                {t(`payments.status.${row.status as PaymentStatus}`)}
              </StatusBadge>
              {row.on_hold && <HoldBadge />}
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
