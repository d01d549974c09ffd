import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { accountDetailsQuery } from './api';
import { accountDisplayName } from './dashboard-rules';

// /dashboard/accounts/done?account={id}: the new currency account is open; from here the client
// sees it, exchanges money into it or goes back to the list.
export default function AccountDonePage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('account_done.title'));
  const [params] = useSearchParams();
  const id = params.get('account') ?? '';
  const account = useQuery({ ...accountDetailsQuery(id), enabled: Boolean(id) });
  if (!id) return <Navigate to="/dashboard/accounts" replace />;
  const data = account.data;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('account_done.title')}</Title>
      {account.isPending && <Skeleton height={120} aria-busy="true" />}
      {account.isError && <Alert color="red">{t('account.not_found')}</Alert>}
      {data && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Alert color="green" role="status">
              {t('accounts.opened', { currency: data.currency.code })}
            </Alert>
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{accountDisplayName(data)}</Text>
              <Text fw={700} data-testid="account-balance">
                <Money amount={data.balance} currency={data.currency.code} />
              </Text>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('account_done.iban', { iban: data.iban })}
            </Text>
            <Group>
              <Button component={Link} to={`/dashboard/accounts/${data.id}`}>
                {t('account_done.see')}
              </Button>
              <Button variant="default" component={Link} to="/dashboard/accounts/exchange">
                {t('account_done.exchange')}
              </Button>
              <Button variant="subtle" component={Link} to="/dashboard/accounts">
                {t('account.back')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
