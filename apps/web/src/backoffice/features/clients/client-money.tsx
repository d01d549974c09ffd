import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import type { Permissions } from '../../lib/api';
import { AdjustmentDialog } from './adjustment-dialog';
import type { Account } from './api';
import { IncomingPaymentDialog } from './incoming-payment-dialog';

// A client's accounts with their balances, and the payments operators' two money actions:
// an incoming payment as the bank reported it, and a manual adjustment for a second operator
// to approve.
export function ClientMoney({
  clientId,
  accounts,
  permissions,
}: {
  clientId: string;
  accounts: Account[];
  permissions: Permissions | undefined;
}) {
  const { t } = useTranslation('backoffice');
  const [incoming, setIncoming] = useState<Account | null>(null);
  const [adjusting, setAdjusting] = useState<Account | null>(null);
  if (accounts.length === 0) return <Text c="dimmed">{t('money.no_accounts')}</Text>;
  return (
    <>
      <DataTable
        minWidth={640}
        className="tabular-figures"
        head={
          <>
            <Table.Th>{t('money.account')}</Table.Th>
            <Table.Th>{t('money.iban')}</Table.Th>
            <Table.Th ta="right">{t('money.balance')}</Table.Th>
            <Table.Th ta="right">{t('money.available')}</Table.Th>
            <Table.Th>{t('money.actions')}</Table.Th>
          </>
        }
      >
        {accounts.map((account) => (
          <Table.Tr key={account.id}>
            <Table.Td>{account.name}</Table.Td>
            <Table.Td>{account.iban}</Table.Td>
            <Table.Td ta="right" data-testid={`balance-${account.currency}`}>
              <Money amount={account.balance} currency={account.currency} />
            </Table.Td>
            <Table.Td ta="right">
              <Money amount={account.available} currency={account.currency} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {permissions?.recordIncomingPayment && (
                  <Button size="xs" variant="default" onClick={() => setIncoming(account)}>
                    {t('money.record_incoming')}
                  </Button>
                )}
                {permissions?.proposeAdjustment && (
                  <Button size="xs" variant="default" onClick={() => setAdjusting(account)}>
                    {t('money.propose_adjustment')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {incoming && <IncomingPaymentDialog account={incoming} onClose={() => setIncoming(null)} />}
      {adjusting && (
        <AdjustmentDialog clientId={clientId} account={adjusting} onClose={() => setAdjusting(null)} />
      )}
    </>
  );
}
