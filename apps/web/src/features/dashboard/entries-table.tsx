import type { AccountEntry } from '@bluepeak/core/accounts';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { signedAmount } from './dashboard-rules';

// An account's lines with the balance after each: the account page's recent lines (newest
// first) and a statement's period (oldest first) show them alike.
// A payment's fee posted before fees kept their own code carries the payment's code: its
// transfer id (`payment:<id>:fee:post`) still says what it is.
export const lineCode = (line: Pick<AccountEntry, 'id' | 'code'>) =>
  /:fee(:post)?$/.test(line.id) ? 'payment_fee' : line.code;

export function useLineLabel() {
  const { t } = useTranslation('dashboard');
  return (code: string) =>
    t(`account.codes.${code}`, {
      defaultValue: code
        ? code.charAt(0).toUpperCase() + code.slice(1).replace(/_/g, ' ')
        : t('account.codes.other'),
    });
}

// docs/requirements/public-site.md: tables become stacked cards on narrow screens (DataTable).
export function EntriesTable({ lines, currency }: { lines: AccountEntry[]; currency: string }) {
  const { t } = useTranslation('dashboard');
  const label = useLineLabel();
  return (
    <DataTable
      minWidth={480}
      striped
      verticalSpacing="xs"
      data-testid="entries-table"
      head={
        <>
          <Table.Th>{t('account.date')}</Table.Th>
          <Table.Th>{t('account.description')}</Table.Th>
          <Table.Th ta="right">{t('account.amount')}</Table.Th>
          <Table.Th ta="right">{t('account.running_balance')}</Table.Th>
        </>
      }
    >
      {lines.map((line) => (
        <Table.Tr key={`${line.id}-${line.direction}`} data-testid="transaction-row">
          <Table.Td className="tabular-figures">{formatDate(line.event_at)}</Table.Td>
          <Table.Td>{label(lineCode(line))}</Table.Td>
          <Table.Td ta="right" c={line.direction === 'credit' ? 'teal.9' : undefined} fw={600}>
            <Money amount={signedAmount(line)} currency={currency} />
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={line.balance_after} currency={currency} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
