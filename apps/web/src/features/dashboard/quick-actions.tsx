import type { AccountSummary } from '@bluepeak/core/accounts';
import { Button, Group, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { accountDetailsQuery } from './api';
import { BankDetails } from './bank-details';
import { accountDisplayName } from './dashboard-rules';

// The home screen's quick actions: Send (a new payment) and Add money (the details to pay in).
// Exchange and batch payments join here once their pages exist, never before.
export function QuickActions({ accounts, closing }: { accounts: AccountSummary[]; closing: boolean }) {
  const { t } = useTranslation('dashboard');
  const [opened, dialog] = useDisclosure(false);
  return (
    <Group gap="sm" component="nav" aria-label={t('home.actions')}>
      {closing ? (
        // While the account is being closed nothing is sent: said, not a link that leads nowhere.
        <Button disabled title={t('home.closing')}>
          {t('home.send')}
        </Button>
      ) : (
        <Button component={Link} to="/dashboard/payments/type">
          {t('home.send')}
        </Button>
      )}
      <Button variant="default" onClick={dialog.open} disabled={accounts.length === 0}>
        {t('home.add_money')}
      </Button>
      {opened && <AddMoneyDialog accounts={accounts} onClose={dialog.close} />}
    </Group>
  );
}

function AddMoneyDialog({ accounts, onClose }: { accounts: AccountSummary[]; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const details = useQuery(accountDetailsQuery(accountId));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('home.add_money_title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('home.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('home.add_money_intro')}</Text>
        {accounts.length > 1 && (
          <NativeSelect
            label={t('home.add_money_account')}
            data={accounts.map((account) => ({ value: account.id, label: accountDisplayName(account) }))}
            value={accountId}
            onChange={(event) => setAccountId(event.currentTarget.value)}
          />
        )}
        {details.isPending && <Skeleton role="status" height={120} aria-label={t('account.loading')} />}
        {details.isError && (
          <LoadFailedAlert
            title={t('accounts.load_failed')}
            retryLabel={t('accounts.retry')}
            onRetry={() => void details.refetch()}
          />
        )}
        {details.data && <BankDetails account={details.data} />}
        {details.data && (
          <Text size="xs" c="dimmed">
            {t(details.data.sort_code ? 'home.add_money_timing_gbp' : 'home.add_money_timing')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
