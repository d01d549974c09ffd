import type { AccountTransaction } from '@bluepeak/core/accounts';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { signedAmount } from './dashboard-rules';

// An account's lines with the balance after each: the account page's recent lines (newest
// first) and a statement's period (oldest first) show them alike.
// A payment's fee posted before fees kept their own code carries the payment's code: its
// transfer id (`payment:<id>:fee:post`) still says what it is.
export const lineCode = (line: Pick<AccountTransaction, 'id' | 'code'>) =>
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

// docs/requirements/public-site.md: tables become stacked cards on narrow screens.
export function TransactionsTable({ lines, currency }: { lines: AccountTransaction[]; currency: string }) {
  const { t } = useTranslation('dashboard');
  const label = useLineLabel();
  return (
    <>
      <Table visibleFrom="sm" striped verticalSpacing="xs" data-testid="transactions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('account.date')}</Table.Th>
            <Table.Th>{t('account.description')}</Table.Th>
            <Table.Th ta="right">{t('account.amount')}</Table.Th>
            <Table.Th ta="right">{t('account.running_balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={`${line.id}-${line.direction}`} data-testid="transaction-row">
              <Table.Td className="tabular-figures">{formatDate(line.event_at)}</Table.Td>
              <Table.Td>{label(lineCode(line))}</Table.Td>
              <Table.Td ta="right" c={line.direction === 'credit' ? 'teal.9' : undefined}>
                <Money amount={signedAmount(line)} currency={currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Money amount={line.balance_after} currency={currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Card key={`${line.id}-${line.direction}`} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm">
                  {label(lineCode(line))}
                </Text>
                <Text size="xs" c="dimmed" className="tabular-figures">
                  {formatDate(line.event_at)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fw={700} size="sm" c={line.direction === 'credit' ? 'teal.9' : undefined}>
                  <Money amount={signedAmount(line)} currency={currency} />
                </Text>
                <Text size="xs" c="dimmed">
                  {t('account.running_balance')} <Money amount={line.balance_after} currency={currency} />
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
