import { Card, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { currencyAccountsQuery } from '../../../lib/queries/account-groups';
import { BatchFileForm } from './batch-file-form';
import { BatchGridForm } from './batch-grid-form';

type Source = 'file' | 'grid';

// /dashboard/payments/batch/new: the source account, then a file (CSV, Excel or pain.001) with
// the upload's progress, or rows typed into a grid with the template's columns; the server
// checks every row, then the batch page shows what it found.
export default function NewBatchPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('batch.new.title'));
  const accounts = useQuery(currencyAccountsQuery);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [source, setSource] = useState<Source>('file');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('batch.new.title')}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Text size="sm">{t('batch.new.intro')}</Text>
          <Select
            label={t('batch.new.account')}
            required
            data={(accounts.data ?? []).map((account) => ({
              value: account.id,
              label: `${account.name} (${account.currency.code})`,
            }))}
            value={accountId}
            onChange={setAccountId}
            data-testid="batch-account"
          />
          <SegmentedControl
            value={source}
            onChange={(value) => setSource(value as Source)}
            data={[
              { value: 'file', label: t('batch.new.source_file') },
              { value: 'grid', label: t('batch.new.source_grid') },
            ]}
            aria-label={t('batch.new.source')}
            data-testid="batch-source"
          />
          {source === 'file' ? (
            <BatchFileForm accountId={accountId} />
          ) : (
            <BatchGridForm accountId={accountId} />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
