import { type PaymentStatus, paymentStatuses } from '@bluepeak/core/payments';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../components/money';
import { formatDateTime } from '../../lib/format-date';
import { LoadFailed } from '../components/load-failed';
import { PageNav } from '../components/page-nav';
import { RequirePermission } from '../layout';
import { HoldBadge, PaymentStatusBadge } from './payment-status-badge';
import { type QueueFilters, queueQuery, queueRails } from './payments-api';

// The payments queue (docs/requirements/payments.md): per rail (tabs) and status (with counts), the
// on-hold filter and a text search, oldest first. The filters live in the address, so a link or a
// reload shows the same queue.
export default function PaymentsPage() {
  return (
    <RequirePermission needs="managePayments">
      <PaymentQueue />
    </RequirePermission>
  );
}

function readFilters(params: URLSearchParams): QueueFilters {
  const rail = params.get('rail') ?? '';
  const status = params.get('status') ?? '';
  return {
    rail: (queueRails as readonly string[]).includes(rail) ? rail : undefined,
    status: (paymentStatuses as readonly string[]).includes(status) ? status : undefined,
    onHold: params.get('on_hold') === 'true',
    q: params.get('q')?.trim() || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function PaymentQueue() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => {
    document.title = t('payments.title');
  }, [t]);
  const queue = useQuery(queueQuery(filters));
  const counts = queue.data?.meta.counts;

  /** Changes some filters and goes back to the first page. */
  const update = (changes: Partial<Record<'rail' | 'status' | 'on_hold' | 'q' | 'page', string>>) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <Stack>
      <Title order={1}>{t('payments.title')}</Title>
      <Tabs
        value={filters.rail ?? 'all'}
        onChange={(value) => update({ rail: value === 'all' ? '' : (value ?? '') })}
      >
        <Tabs.List aria-label={t('payments.rail_label')}>
          <Tabs.Tab value="all">{t('payments.rail_all')}</Tabs.Tab>
          {queueRails.map((rail) => (
            <Tabs.Tab key={rail} value={rail}>
              {t(`payments.rails.${rail}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('payments.status_label')}
          w={240}
          maw="100%"
          value={filters.status ?? 'all'}
          allowDeselect={false}
          data={[
            { value: 'all', label: t('payments.status_all') },
            ...paymentStatuses.map((status) => ({
              value: status,
              label: counts
                ? t('payments.status_count', {
                    status: t(`payments.status.${status}`),
                    count: counts[status],
                  })
                : t(`payments.status.${status}`),
            })),
          ]}
          onChange={(value) => update({ status: value === 'all' ? '' : (value ?? '') })}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: search.trim() });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('payments.search')}
              placeholder={t('payments.search_hint')}
              maxLength={70}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={280}
              maw="calc(100vw - 140px)"
            />
            <Button type="submit" variant="default">
              {t('payments.search_submit')}
            </Button>
          </Group>
        </form>
        <Switch
          label={t('payments.on_hold_only')}
          checked={filters.onHold}
          onChange={(event) => update({ on_hold: event.currentTarget.checked ? 'true' : '' })}
          mb={8}
        />
      </Group>
      {queue.isPending && <Skeleton role="status" h={160} aria-label={t('loading')} />}
      {queue.isError && <LoadFailed onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && queue.data.data.length === 0 && <Alert color="gray">{t('payments.empty')}</Alert>}
      {queue.isSuccess && queue.data.data.length > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('payments.total', { count: queue.data.meta.total })}
          </Text>
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover data-testid="payment-queue">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments.columns.date')}</Table.Th>
                  <Table.Th>{t('payments.columns.client')}</Table.Th>
                  <Table.Th>{t('payments.columns.type')}</Table.Th>
                  <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
                  <Table.Th>{t('payments.columns.payee')}</Table.Th>
                  <Table.Th>{t('payments.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.data.map((row) => (
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
                      <Anchor component={Link} to={`/clients/${row.client_id}`}>
                        {row.client_name}
                      </Anchor>
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
                        <PaymentStatusBadge status={row.status as PaymentStatus} />
                        {row.on_hold && <HoldBadge />}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageNav total={queue.data.meta.total_pages} page={filters.page} />
        </>
      )}
    </Stack>
  );
}
