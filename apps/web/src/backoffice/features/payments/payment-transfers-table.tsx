import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format-date';
import type { OperatorPayment } from './api';

// The ledger transfers behind a payment: its holds, and what posted or voided them.
export function PaymentTransfersTable({ transfers }: { transfers: OperatorPayment['transfers'] }) {
  const { t } = useTranslation('backoffice');
  if (transfers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('payments.transfers.none')}
      </Text>
    );
  return (
    <DataTable
      minWidth={760}
      striped
      data-testid="payment-transfers"
      head={
        <>
          <Table.Th>{t('payments.transfers.code')}</Table.Th>
          <Table.Th>{t('payments.transfers.debit')}</Table.Th>
          <Table.Th>{t('payments.transfers.credit')}</Table.Th>
          <Table.Th ta="right">{t('payments.transfers.amount')}</Table.Th>
          <Table.Th>{t('payments.transfers.state')}</Table.Th>
          <Table.Th>{t('payments.transfers.created')}</Table.Th>
        </>
      }
    >
      {transfers.map((transfer) => (
        <Table.Tr key={transfer.id}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {transfer.code}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t(`payments.transfers.kind.${transfer.kind}`)} · {transfer.id}
            </Text>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }} title={transfer.debit_account.id}>
            {transfer.debit_account.label}
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }} title={transfer.credit_account.id}>
            {transfer.credit_account.label}
          </Table.Td>
          <Table.Td ta="right">
            <Money amount={transfer.amount} currency={transfer.currency} />
          </Table.Td>
          <Table.Td>
            <StatusBadge status={transfer.state}>
              {t(`payments.transfers.states.${transfer.state}`)}
            </StatusBadge>
          </Table.Td>
          <Table.Td className="tabular-figures">{formatDateTime(transfer.created_at)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
