import type { EscrowFeeLine } from '@bluepeak/core/fees';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';

/** The deal's fees from the tariff, with who pays each and when, shown before anyone commits. */
export function EscrowFeesTable({ fees, currency }: { fees: readonly EscrowFeeLine[]; currency: string }) {
  const { t } = useTranslation('escrow');
  return (
    <Table data-testid="escrow-fees" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('fees.fee')}</Table.Th>
          <Table.Th>{t('fees.amount')}</Table.Th>
          <Table.Th>{t('fees.payer')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fees.map((fee) => (
          <Table.Tr key={fee.kind}>
            <Table.Td>{t(`fees.kinds.${fee.kind}`)}</Table.Td>
            <Table.Td>
              <Money amount={fee.amount} currency={currency} />
            </Table.Td>
            <Table.Td>{t(`fees.payers.${fee.payer}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
