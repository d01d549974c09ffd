import { Anchor, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { monthlyStatementsQuery, statementFileUrl } from './api';

// The kept monthly statements (one per account and month, recorded on the first of the next
// month), newest first, each downloadable as a PDF or CSV. A month shows as its first and last
// day, DD-MM-YYYY like every date on screen.
export function MonthlyStatements() {
  const { t } = useTranslation('dashboard');
  const list = useQuery(monthlyStatementsQuery);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="monthly-heading">
      <Title order={2} fz="lg" id="monthly-heading" mb="sm">
        {t('statements.monthly_title')}
      </Title>
      {list.isPending && <Skeleton height={60} aria-busy="true" />}
      {list.isError && <Text c="dimmed">{t('statements.monthly_failed')}</Text>}
      {list.data?.length === 0 && <Text c="dimmed">{t('statements.monthly_empty')}</Text>}
      {list.data && list.data.length > 0 && (
        <DataTable
          minWidth={480}
          data-testid="monthly-statements"
          head={
            <>
              <Table.Th>{t('statements.month')}</Table.Th>
              <Table.Th>{t('statements.account')}</Table.Th>
              <Table.Th ta="right">{t('statements.closing')}</Table.Th>
              <Table.Th>{t('statements.download')}</Table.Th>
            </>
          }
        >
          {list.data.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td className="tabular-figures">
                {t('statements.month_days', { from: formatDate(item.from), to: formatDate(item.to) })}
              </Table.Td>
              <Table.Td>{item.currency}</Table.Td>
              <Table.Td ta="right">
                <Money amount={item.closing_balance} currency={item.currency} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {(['pdf', 'csv'] as const).map((format) => (
                    <Anchor
                      key={format}
                      href={statementFileUrl(item.account_id, { from: item.from, to: item.to }, format)}
                      download
                    >
                      {t(`statements.format_${format}`)}
                    </Anchor>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
