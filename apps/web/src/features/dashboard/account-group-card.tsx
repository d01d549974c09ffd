import type { AccountGroup } from '@bluepeak/core/accounts';
import { formatIbanForPrint } from '@bluepeak/core/accounts';
import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import { accountDisplayName } from './dashboard-rules';

// One account group on Home: its IBAN and each account as 'name (currency code)' with its
// ledger balance (and what is available when a payment holds some); a click opens the account.
export function AccountGroupCard({ group }: { group: AccountGroup }) {
  const { t } = useTranslation('dashboard');
  const headingId = `group-${group.id}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid="account-group">
      <Title order={2} fz="md" id={headingId} mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {group.iban
          ? t('accounts.group', { iban: formatIbanForPrint(group.iban) })
          : t('accounts.group_plain')}
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {group.accounts.data.map((account) => (
          <li key={account.id}>
            <UnstyledButton
              component={Link}
              to={`/dashboard/accounts/${account.id}`}
              data-testid="account-row"
              data-currency={account.currency.code}
              p="sm"
              w="100%"
              // A link is inline: as a block it draws one framed row instead of a frame per line.
              display="block"
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {accountDisplayName(account)}
                </Text>
                <Stack gap={0} align="flex-end">
                  <Text fw={700} fz="lg" data-testid="account-balance">
                    <Money amount={account.balance} currency={account.currency.code} />
                  </Text>
                  {account.available_balance !== account.balance && (
                    <Text size="xs" c="dimmed">
                      {t('accounts.available')}{' '}
                      <Money amount={account.available_balance} currency={account.currency.code} />
                    </Text>
                  )}
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
