import type { AccountDetails } from '@bluepeak/core/accounts';
import { formatIbanForPrint, formatSortCode } from '@bluepeak/core/accounts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

/** The details someone pays the account with, each with a copy button (account page, Add money). */
export function BankDetails({ account }: { account: AccountDetails }) {
  const { t } = useTranslation('dashboard');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {t('account.holder')}
        </Text>
        <Text fw={600}>{account.holder_name}</Text>
      </Stack>
      <CopyField label={t('account.iban')} value={formatIbanForPrint(account.iban)} copy={account.iban} />
      <CopyField label={t('account.bic')} value={account.bic} />
      {account.sort_code && (
        <CopyField
          label={t('account.sort_code')}
          value={formatSortCode(account.sort_code)}
          copy={account.sort_code}
        />
      )}
      {account.account_number && (
        <CopyField label={t('account.account_number')} value={account.account_number} />
      )}
    </SimpleGrid>
  );
}
