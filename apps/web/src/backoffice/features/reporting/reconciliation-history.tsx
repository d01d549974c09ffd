import { Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { formatDateTime } from '../../../lib/format-date';
import { historyQuery } from './api';

/** The reconciliations recorded so far, newest first (nothing when there are none). */
export function ReconciliationHistory() {
  const { t } = useTranslation('backoffice');
  const history = useQuery(historyQuery);
  if (!history.data || history.data.length === 0) return null;
  return (
    <Stack mt="lg" gap="xs">
      <Title order={3} fz="h5">
        {t('reporting.history')}
      </Title>
      <DataTable
        minWidth={640}
        className="tabular-figures"
        head={
          <>
            <Table.Th>{t('reporting.date')}</Table.Th>
            <Table.Th>{t('reporting.currency')}</Table.Th>
            <Table.Th ta="right">{t('reporting.difference')}</Table.Th>
            <Table.Th ta="right">{t('reporting.bank')}</Table.Th>
            <Table.Th>{t('reporting.breaks')}</Table.Th>
            <Table.Th>{t('reporting.recorded_by')}</Table.Th>
          </>
        }
      >
        {history.data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.date}</Table.Td>
            <Table.Td>{row.currency}</Table.Td>
            <Table.Td ta="right">
              <Money amount={row.difference_minor} currency={row.currency} showCode={false} />
            </Table.Td>
            <Table.Td ta="right">
              {row.bank_balance_minor === null ? (
                '–'
              ) : (
                <Money amount={row.bank_balance_minor} currency={row.currency} showCode={false} />
              )}
            </Table.Td>
            <Table.Td>
              {row.breaks.length === 0
                ? t('reporting.ok')
                : row.breaks
                    .map((found) => t(`break_kind.${found.kind}` as 'break_kind.shortfall'))
                    .join(', ')}
            </Table.Td>
            <Table.Td>
              {row.operator_email} · {formatDateTime(row.created_at)}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
