import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import type { Reconciliation } from './api';

/** Each currency's client balances against the safeguarding account, and what breaks. */
export function ReconciliationTable({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation('backoffice');
  if (reconciliation.currencies.length === 0)
    return <Alert color="gray">{t('reporting.no_currencies')}</Alert>;
  return (
    <Stack gap="sm">
      <Alert color={reconciliation.ok ? 'green' : 'yellow'} data-testid="safeguarding-result">
        {t(reconciliation.ok ? 'reporting.reconciled' : 'reporting.breaks_found')}
      </Alert>
      <DataTable
        minWidth={720}
        className="tabular-figures"
        head={
          <>
            <Table.Th>{t('reporting.currency')}</Table.Th>
            <Table.Th ta="right">{t('reporting.client_balances')}</Table.Th>
            <Table.Th ta="right">{t('reporting.safeguarding')}</Table.Th>
            <Table.Th ta="right">{t('reporting.difference')}</Table.Th>
            <Table.Th>{t('reporting.explained_by')}</Table.Th>
            <Table.Th>{t('reporting.breaks')}</Table.Th>
          </>
        }
      >
        {reconciliation.currencies.map((line) => (
          <Table.Tr key={line.currency}>
            <Table.Td>{line.currency}</Table.Td>
            <Table.Td ta="right">
              <Money amount={line.client_balances_minor} currency={line.currency} showCode={false} />
            </Table.Td>
            <Table.Td ta="right">
              <Money amount={line.safeguarding_ledger_minor} currency={line.currency} showCode={false} />
            </Table.Td>
            <Table.Td ta="right">
              <Money amount={line.difference_minor} currency={line.currency} showCode={false} />
            </Table.Td>
            <Table.Td>
              {line.explained_by.length === 0
                ? '–'
                : line.explained_by.map((item) => (
                    <Text key={item.kind} size="xs">
                      {t(`account_kind.${item.kind}` as 'account_kind.fee_income')}:{' '}
                      <Money amount={item.balance_minor} currency={line.currency} showCode={false} />
                    </Text>
                  ))}
            </Table.Td>
            <Table.Td>
              {line.breaks.length === 0 ? (
                <Badge color="#1e6b34">{t('reporting.ok')}</Badge>
              ) : (
                line.breaks.map((found) => (
                  <Text key={found.kind} size="xs">
                    <Badge
                      autoContrast
                      size="xs"
                      color={found.kind === 'excess' ? 'yellow.4' : 'red.9'}
                      mr={4}
                    >
                      {t(`break_kind.${found.kind}` as 'break_kind.shortfall')}
                    </Badge>
                    <Money amount={found.amount_minor} currency={line.currency} /> · {found.detail}
                  </Text>
                ))
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
