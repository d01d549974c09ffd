import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePageTitle } from '../../components/use-page-title';
import { WhatHappensNext } from '../../components/what-happens-next';
import { applicationState, clientView, companyStepsLeft } from '../../lib/application-progress';
import { useClient } from '../../lib/client-session';
import { accountGroupsQuery } from '../../lib/queries/account-groups';
import { AccountGroupCard } from './account-group-card';
import { AttentionItems } from './attention-items';
import { isApproved, openableCurrencies } from './dashboard-rules';
import { HomeTotal } from './home-total';
import { OpenAccountDialog } from './open-account-dialog';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';

// Home (docs/requirements/accounts.md): what needs the client, the total across currencies, the
// quick actions, each account group with its accounts and balances, and the newest activity.
// Until the accounts open it says where the application stands, true for this client now.
export default function AccountsPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('accounts.title'));
  const client = useClient();
  const groups = useQuery(accountGroupsQuery);
  const [dialogOpened, dialog] = useDisclosure(false);
  const accounts = groups.data?.flatMap((group) => group.accounts.data) ?? [];
  const held = accounts.map((account) => account.currency.code);
  const openable = openableCurrencies(client.currencies, [...held, ...client.client_currencies]);
  const canOpen = isApproved(client) && groups.isSuccess && (groups.data?.length ?? 0) > 0;
  const view = clientView(client);
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
      {view.banner === 'closing' && (
        <Alert color="yellow" data-testid="closing-state">
          {t('home.closing_banner')}
        </Alert>
      )}
      <AttentionItems />
      {groups.isPending && (
        <Stack role="status" aria-label={t('accounts.loading')} aria-busy="true">
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
      {groups.isSuccess &&
        groups.data.length === 0 &&
        (isApproved(client) ? <Alert color="gray">{t('accounts.empty')}</Alert> : <NotOpenYet />)}
      {accounts.length > 0 && <HomeTotal accounts={accounts} />}
      {accounts.length > 0 && <QuickActions accounts={accounts} closing={view.moneyBlocked === 'closing'} />}
      {groups.data?.map((group) => (
        <AccountGroupCard key={group.id} group={group} />
      ))}
      {accounts.length > 0 && <RecentActivity accounts={accounts} />}
      {canOpen && <OpenAccountDialog opened={dialogOpened} onClose={dialog.close} currencies={openable} />}
    </Stack>
  );
}

/** Where the application stands while no account is open: the next step, or what happens next. */
function NotOpenYet() {
  const { t } = useTranslation('dashboard');
  const client = useClient();
  const state = clientView(client).application ?? applicationState(client);
  return (
    <Stack gap="md">
      <Alert color={state === 'rejected' ? 'red' : 'blue'} data-testid="application-state">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(`accounts.state.${state}`, { count: companyStepsLeft(client) })}</Text>
          {state !== 'in_review' && state !== 'rejected' && (
            <Button component={Link} to="/dashboard/application" variant="default" size="xs">
              {t('accounts.application_link')}
            </Button>
          )}
        </Stack>
      </Alert>
      {state === 'in_review' && <WhatHappensNext />}
    </Stack>
  );
}
