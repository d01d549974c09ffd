import { exchangeStatuses } from '@bluepeak/core/exchange';
import { Badge, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { type ExchangeFilters, exchangesQuery } from './api';

// Every quote and exchange, newest first, by status and currency (docs/requirements/exchange.md).
// The filters live in the address, so a link or a reload shows the same list.
export default function ExchangesPage() {
  return (
    <RequirePermission needs="managePayments">
      <Exchanges />
    </RequirePermission>
  );
}

function readFilters(params: URLSearchParams): ExchangeFilters {
  const status = params.get('status') ?? '';
  const currency = (params.get('currency') ?? '').toUpperCase();
  return {
    status: (exchangeStatuses as readonly string[]).includes(status) ? status : undefined,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function Exchanges() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useQuery(exchangesQuery(filters));
  const set = (name: 'status' | 'currency', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  return (
    <PagedListPage
      title={t('exchange.list_title')}
      filters={
        <Group align="flex-end">
          <NativeSelect
            label={t('exchange.status')}
            value={filters.status ?? ''}
            onChange={(event) => set('status', event.currentTarget.value)}
            data={[
              { value: '', label: t('exchange.any') },
              ...exchangeStatuses.map((value) => ({ value, label: t(`exchange.statuses.${value}`) })),
            ]}
          />
          <TextInput
            label={t('exchange.currency')}
            defaultValue={filters.currency ?? ''}
            maxLength={3}
            w={120}
            onBlur={(event) => set('currency', event.currentTarget.value.trim().toUpperCase())}
          />
        </Group>
      }
      list={list}
      page={filters.page}
      empty={t('exchange.empty')}
      minWidth={860}
      testId="exchange-list"
      above={(found) => (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('exchange.total', { count: found.meta.total })}
        </Text>
      )}
      head={
        <>
          <Table.Th>{t('exchange.created_at')}</Table.Th>
          <Table.Th>{t('exchange.client')}</Table.Th>
          <Table.Th ta="right">{t('exchange.sold')}</Table.Th>
          <Table.Th ta="right">{t('exchange.bought')}</Table.Th>
          <Table.Th ta="right">{t('exchange.markup')}</Table.Th>
          <Table.Th>{t('exchange.rate')}</Table.Th>
          <Table.Th>{t('exchange.status')}</Table.Th>
        </>
      }
      row={(row) => (
        <Table.Tr key={row.id} data-exchange-id={row.id}>
          <Table.Td className="tabular-figures">{formatDateTime(row.created_at)}</Table.Td>
          <Table.Td>
            <ClientLink id={row.client_id}>{row.client_name}</ClientLink>
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={row.sell_amount} currency={row.sell_currency} />
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={row.buy_amount} currency={row.buy_currency} />
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={row.fee} currency={row.sell_currency} />
          </Table.Td>
          <Table.Td className="tabular-figures">
            {row.rate}{' '}
            <Text span size="xs" c="dimmed">
              ({row.rate_source})
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge
              variant="light"
              color={row.status === 'completed' ? 'teal' : row.status === 'expired' ? 'gray' : 'blue'}
            >
              {t(`exchange.statuses.${row.status}`)}
            </Badge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
