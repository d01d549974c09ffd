import type { AccountGroup } from '@bluepeak/core/accounts';
import { formatIbanForPrint } from '@bluepeak/core/accounts';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { useClient } from '../../lib/client-session';
import { accountGroupsQuery } from '../../lib/queries/account-groups';
import { accountDisplayName, isApproved, openableCurrencies } from './dashboard-rules';
import { OpenAccountDialog } from './open-account-dialog';

// docs/requirements/accounts.md: Home lists the client's account groups and their accounts, each as
// 'name (currency code)' with its ledger balance; a click opens the account's details.
export default function AccountsPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('accounts.title'));
  const client = useClient();
  const groups = useQuery(accountGroupsQuery);
  const [dialogOpened, dialog] = useDisclosure(false);
  const held =
    groups.data?.flatMap((group) => group.accounts.data.map((account) => account.currency.code)) ?? [];
  const openable = openableCurrencies(client.currencies, [...held, ...client.client_currencies]);
  const canOpen = isApproved(client) && groups.isSuccess && (groups.data?.length ?? 0) > 0;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{t('accounts.title')}</Title>
        {canOpen && (
          <Group gap="xs">
            {held.length > 1 && (
              <Button component={Link} to="/dashboard/accounts/exchange" variant="default">
                {t('accounts.exchange')}
              </Button>
            )}
            <Button onClick={dialog.open} disabled={openable.length === 0}>
              {t('accounts.open')}
            </Button>
          </Group>
        )}
      </Group>
      {canOpen && openable.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('accounts.nothing_to_open')}
        </Text>
      )}
      {groups.isPending && (
        <Stack aria-label={t('accounts.loading')} aria-busy="true">
          <Skeleton height={24} width="40%" />
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      )}
      {groups.isError && (
        <LoadFailedAlert
          title={t('accounts.load_failed')}
          retryLabel={t('accounts.retry')}
          onRetry={() => void groups.refetch()}
        />
      )}
      {groups.isSuccess && groups.data.length === 0 && (
        <Alert color="gray">
          {isApproved(client) ? (
            t('accounts.empty')
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('accounts.not_approved')}</Text>
              <Button component={Link} to="/dashboard/application" variant="default" size="xs">
                {t('accounts.application_link')}
              </Button>
            </Stack>
          )}
        </Alert>
      )}
      {groups.data?.map((group) => (
        <AccountGroupCard key={group.id} group={group} />
      ))}
      {canOpen && <OpenAccountDialog opened={dialogOpened} onClose={dialog.close} currencies={openable} />}
    </Stack>
  );
}

function AccountGroupCard({ group }: { group: AccountGroup }) {
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
