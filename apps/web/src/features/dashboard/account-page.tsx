import type { AccountDetails } from '@bluepeak/core/accounts';
import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { accountDetailsQuery } from './api';
import { BalanceChart } from './balance-chart';
import { BankDetails } from './bank-details';
import { accountDisplayName } from './dashboard-rules';
import { accountEntryRow, EntriesTable } from './entries-table';

// /dashboard/accounts/{id} (docs/requirements/accounts.md): the account's bank details with copy buttons, the
// shareable details PDF and its recent transactions with the running balance.
export default function AccountPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const account = useQuery(accountDetailsQuery(id));
  usePageTitle(account.data ? accountDisplayName(account.data) : t('account.bank_details'));
  const notFound = account.error instanceof ApiError && [400, 404].includes(account.error.status);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/accounts" size="sm">
        ← {t('account.back')}
      </Anchor>
      {account.isPending && (
        <Stack role="status" aria-label={t('account.loading')} aria-busy="true">
          <Skeleton height={36} width="50%" />
          <Skeleton height={160} />
          <Skeleton height={200} />
        </Stack>
      )}
      {notFound && <Alert color="gray">{t('account.not_found')}</Alert>}
      {account.isError && !notFound && (
        <LoadFailedAlert
          title={t('accounts.load_failed')}
          retryLabel={t('accounts.retry')}
          onRetry={() => void account.refetch()}
        />
      )}
      {account.data && <AccountView account={account.data} />}
    </Stack>
  );
}

function AccountView({ account }: { account: AccountDetails }) {
  const { t } = useTranslation('dashboard');
  const currency = account.currency.code;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {accountDisplayName(account)}
        </Title>
        <Stack gap={0} align="flex-end">
          <Text size="sm" c="dimmed">
            {t('account.balance')}
          </Text>
          <Text fw={700} fz="xl" data-testid="account-balance">
            <Money amount={account.balance} currency={currency} />
          </Text>
          {account.available_balance !== account.balance && (
            <Text size="xs" c="dimmed">
              {t('account.available')} <Money amount={account.available_balance} currency={currency} />
            </Text>
          )}
          <Anchor component={Link} to={`/dashboard/accounts/exchange?from=${account.id}`} size="sm">
            {t('account.exchange')}
          </Anchor>
        </Stack>
      </Group>
      <Card withBorder padding="lg" component="section" aria-labelledby="bank-details">
        <Title order={2} fz="lg" id="bank-details" mb="sm">
          {t('account.bank_details')}
        </Title>
        <BankDetails account={account} />
        <Stack gap={2} mt="md">
          <Anchor
            href={`/api/client/accounts/${encodeURIComponent(account.id)}/details.pdf`}
            download
            fw={600}
          >
            {t('account.pdf')}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('account.pdf_hint')}
          </Text>
        </Stack>
      </Card>
      <BalanceChart lines={account.transactions.data} currency={currency} />
      <Card withBorder padding="lg" component="section" aria-labelledby="transactions">
        <Title order={2} fz="lg" id="transactions" mb="sm">
          {t('account.transactions')}
        </Title>
        {account.transactions.data.length === 0 ? (
          <Text c="dimmed">{t('account.no_transactions')}</Text>
        ) : (
          <EntriesTable rows={account.transactions.data.map(accountEntryRow)} currency={currency} />
        )}
      </Card>
    </>
  );
}
