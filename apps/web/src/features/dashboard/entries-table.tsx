import { type AccountEntry, isLineCode, type StatementEntry } from '@bluepeak/core/accounts';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { signedAmount } from './dashboard-rules';

/** One line of a table: an account's recent line, or a statement's with its counterparty. */
export type EntryRow = {
  key: string;
  at: string;
  code: string;
  /** Signed minor units: a debit is negative. */
  amount: number;
  balanceAfter: number;
  counterparty?: string;
};

export const accountEntryRow = (line: AccountEntry): EntryRow => ({
  key: `${line.id}-${line.direction}`,
  at: line.event_at,
  code: line.code,
  amount: signedAmount(line),
  balanceAfter: line.balance_after,
});

export const statementEntryRow = (line: StatementEntry): EntryRow => ({
  key: line.id,
  at: line.booked_at,
  code: line.code,
  amount: line.amount,
  balanceAfter: line.balance_after,
  counterparty: line.counterparty,
});

// A line's label: core's list of codes (line-labels.ts) in the client's language, the same
// vocabulary the statement files print; a code the list does not know reads "Transaction".
export function useLineLabel() {
  const { t } = useTranslation('dashboard');
  return (code: string) => t(`account.codes.${isLineCode(code) ? code : 'other'}`);
}

// docs/requirements/public-site.md: tables become stacked cards on narrow screens (DataTable).
// The account page's recent lines (newest first) and a statement's period (oldest first, with
// each line's counterparty) show alike.
export function EntriesTable({ rows, currency }: { rows: EntryRow[]; currency: string }) {
  const { t } = useTranslation('dashboard');
  const label = useLineLabel();
  const withCounterparty = rows.some((row) => row.counterparty !== undefined);
  return (
    <DataTable
      minWidth={withCounterparty ? 640 : 480}
      striped
      verticalSpacing="xs"
      data-testid="entries-table"
      head={
        <>
          <Table.Th>{t('account.date')}</Table.Th>
          <Table.Th>{t('account.description')}</Table.Th>
          {withCounterparty && <Table.Th>{t('account.counterparty')}</Table.Th>}
          <Table.Th ta="right">{t('account.amount')}</Table.Th>
          <Table.Th ta="right">{t('account.running_balance')}</Table.Th>
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.key} data-testid="transaction-row">
          <Table.Td className="tabular-figures">{formatDate(row.at)}</Table.Td>
          <Table.Td>{label(row.code)}</Table.Td>
          {withCounterparty && <Table.Td data-testid="line-counterparty">{row.counterparty || '—'}</Table.Td>}
          <Table.Td ta="right" c={row.amount > 0 ? 'teal.9' : undefined} fw={600}>
            <Money amount={row.amount} currency={currency} />
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={row.balanceAfter} currency={currency} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
