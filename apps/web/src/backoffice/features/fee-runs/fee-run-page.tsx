import { Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/money';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { PagedListPage } from '../../components/paged-list-page';
import { RequirePermission } from '../../components/require-permission';
import { feeRunQuery, lastMonth, type Sums, sumFees } from './api';

// A month's fee run (docs/requirements/statements.md): per client the monthly and holding fees
// charged and those still owed (collected when money arrives), with the month's totals.
export default function FeeRunPage() {
  return (
    <RequirePermission needs="viewReports">
      <FeeRun />
    </RequirePermission>
  );
}

function FeeRun() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? lastMonth();
  const list = useQuery(feeRunQuery(month));
  return (
    <PagedListPage
      title={t('fee_run.title')}
      intro={t('fee_run.intro')}
      filters={
        <TextInput
          type="month"
          label={t('fee_run.month')}
          value={month}
          onChange={(event) => setParams({ month: event.currentTarget.value }, { replace: true })}
          maw={220}
        />
      }
      list={list}
      page={1}
      empty={t('fee_run.empty')}
      minWidth={640}
      testId="fee-run"
      head={
        <>
          <Table.Th>{t('fee_run.client')}</Table.Th>
          <Table.Th ta="right">{t('fee_run.charged')}</Table.Th>
          <Table.Th ta="right">{t('fee_run.owed')}</Table.Th>
        </>
      }
      row={(client) => (
        <Table.Tr key={client.client_id}>
          <Table.Td>
            <ClientLink id={client.client_id}>{client.client_name || client.client_id}</ClientLink>
          </Table.Td>
          <Table.Td ta="right">
            <Amounts sums={sumFees([client], 'charged')} />
          </Table.Td>
          <Table.Td ta="right">
            <Amounts sums={sumFees([client], 'owed')} />
          </Table.Td>
        </Table.Tr>
      )}
      above={(page) => (
        <Text size="sm" c="dimmed">
          {page.data[0]?.finished_at
            ? t('fee_run.finished', { at: formatDateTime(page.data[0].finished_at) })
            : t('fee_run.unfinished')}
        </Text>
      )}
      below={(page) => (
        <Group gap="xl" data-testid="fee-run-totals">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('fee_run.total_charged')}
            </Text>
            <Amounts sums={sumFees(page.data, 'charged')} />
          </Stack>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('fee_run.total_owed')}
            </Text>
            <Amounts sums={sumFees(page.data, 'owed')} />
          </Stack>
        </Group>
      )}
    />
  );
}

/** Sums per currency, one line each; a dash when there are none. */
function Amounts({ sums }: { sums: Sums }) {
  if (sums.size === 0) return <Text span>–</Text>;
  return (
    <Stack gap={0}>
      {[...sums].map(([currency, amount]) => (
        <Money key={currency} amount={amount} currency={currency} />
      ))}
    </Stack>
  );
}
