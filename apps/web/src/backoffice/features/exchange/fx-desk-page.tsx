import { Alert, Badge, NativeSelect, Skeleton, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format-date';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { Section } from '../../components/section';
import { incomeQuery, positionQuery, rateHistoryQuery } from './api';
import { RateLoader } from './rate-loader';

const SmallLineChart = lazy(() => import('../../../components/small-line-chart'));
const CURRENCIES = ['USD', 'GBP', 'CHF', 'JPY', 'PLN', 'SEK', 'KWD', 'CAD', 'AUD'];

// The FX desk (docs/requirements/exchange.md): what the institution is long or short in each
// currency from exchanges, the markup earned per day, loading rates, and a currency's rate history.
export default function FxDeskPage() {
  return (
    <RequirePermission needs="managePayments">
      <FxDesk />
    </RequirePermission>
  );
}

function FxDesk() {
  const { t } = useTranslation('backoffice');
  usePageTitle(t('exchange.desk_title'), undefined, null);
  return (
    <Stack>
      <Title order={1}>{t('exchange.desk_title')}</Title>
      <Section title={t('exchange.position_title')}>
        <Position />
      </Section>
      <Section title={t('exchange.income_title')}>
        <Income />
      </Section>
      <Section title={t('exchange.rates_title')}>
        <RateLoader />
      </Section>
      <Section title={t('exchange.history_title')}>
        <RateHistory />
      </Section>
    </Stack>
  );
}

function Position() {
  const { t } = useTranslation('backoffice');
  const position = useQuery(positionQuery);
  if (position.isPending) return <Skeleton role="status" h={80} aria-label={t('loading')} />;
  if (position.isError) return <LoadFailed onRetry={() => void position.refetch()} />;
  const open = position.data.filter((row) => row.position !== 0);
  if (open.length === 0) return <Alert color="gray">{t('exchange.position_flat')}</Alert>;
  return (
    <DataTable
      minWidth={360}
      striped
      data-testid="fx-position"
      head={
        <>
          <Table.Th>{t('exchange.currency')}</Table.Th>
          <Table.Th ta="right">{t('exchange.position')}</Table.Th>
          <Table.Th />
        </>
      }
    >
      {open.map((row) => (
        <Table.Tr key={row.currency}>
          <Table.Td>{row.currency}</Table.Td>
          <Table.Td ta="right">
            <Money amount={row.position} currency={row.currency} />
          </Table.Td>
          <Table.Td>
            <Badge color={row.position > 0 ? 'green.9' : 'orange.9'}>
              {t(row.position > 0 ? 'exchange.long' : 'exchange.short')}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function Income() {
  const { t } = useTranslation('backoffice');
  const income = useQuery(incomeQuery);
  if (income.isPending) return <Skeleton role="status" h={80} aria-label={t('loading')} />;
  if (income.isError) return <LoadFailed onRetry={() => void income.refetch()} />;
  if (income.data.length === 0) return <Alert color="gray">{t('exchange.income_empty')}</Alert>;
  return (
    <DataTable
      minWidth={420}
      striped
      data-testid="fx-income"
      head={
        <>
          <Table.Th>{t('exchange.day')}</Table.Th>
          <Table.Th>{t('exchange.currency')}</Table.Th>
          <Table.Th ta="right">{t('exchange.income')}</Table.Th>
          <Table.Th ta="right">{t('exchange.count')}</Table.Th>
        </>
      }
    >
      {income.data.map((row) => (
        <Table.Tr key={`${row.day}-${row.currency}`}>
          <Table.Td className="tabular-figures">{row.day}</Table.Td>
          <Table.Td>{row.currency}</Table.Td>
          <Table.Td ta="right">
            <Money amount={row.income} currency={row.currency} />
          </Table.Td>
          <Table.Td ta="right" className="tabular-figures">
            {row.count}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function RateHistory() {
  const { t } = useTranslation('backoffice');
  const [currency, setCurrency] = useState('USD');
  const history = useQuery(rateHistoryQuery(currency));
  const rows = history.data ?? [];
  return (
    <Stack>
      <NativeSelect
        label={t('exchange.currency')}
        value={currency}
        onChange={(event) => setCurrency(event.currentTarget.value)}
        data={CURRENCIES}
        w={160}
      />
      {history.isPending && <Skeleton role="status" h={120} aria-label={t('loading')} />}
      {history.isError && <LoadFailed onRetry={() => void history.refetch()} />}
      {history.isSuccess && rows.length === 0 && <Alert color="gray">{t('exchange.history_empty')}</Alert>}
      {rows.length > 0 && (
        <>
          <Suspense fallback={<Skeleton h={160} />}>
            <SmallLineChart
              points={rows.map((row) => ({ x: row.day, y: Number(row.rate_per_eur) }))}
              label={`${currency} / EUR`}
            />
          </Suspense>
          <DataTable
            minWidth={480}
            striped
            data-testid="fx-history"
            head={
              <>
                <Table.Th>{t('exchange.day')}</Table.Th>
                <Table.Th ta="right">{t('exchange.rate_per_eur')}</Table.Th>
                <Table.Th>{t('exchange.source')}</Table.Th>
                <Table.Th>{t('exchange.taken_at')}</Table.Th>
              </>
            }
          >
            {[...rows].reverse().map((row) => (
              <Table.Tr key={row.day}>
                <Table.Td className="tabular-figures">{row.day}</Table.Td>
                <Table.Td ta="right" className="tabular-figures">
                  {row.rate_per_eur}
                </Table.Td>
                <Table.Td>{row.source}</Table.Td>
                <Table.Td className="tabular-figures">{formatDateTime(row.fetched_at)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </>
      )}
    </Stack>
  );
}
