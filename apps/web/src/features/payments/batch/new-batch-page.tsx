import { Alert, Anchor, Button, Card, FileInput, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { problemMessage } from '../../../lib/api-error-message';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { currencyAccountsQuery } from '../../../lib/queries/account-groups';
import { PAYMENT_TEXTS } from '../problem-texts';
import { batchKeys, templateHref, uploadBatch } from './api';

const ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xml';

// /dashboard/payments/batch/new: the source account, the file (CSV, Excel or pain.001) and the
// upload's progress; the server checks every row, then the batch page shows what it found.
export default function NewBatchPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('batch.new.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accounts = useQuery(currencyAccountsQuery);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useIdempotentMutation({
    request: (variables: { accountId: string; file: File }, key) => uploadBatch(variables, key, setProgress),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      navigate(`/dashboard/payments/batch/${answer.data.id}`);
    },
  });
  const pending = upload.mutation.isPending;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accountId || !file) return;
    setProgress(0);
    upload.send({ accountId, file });
  };
  return (
    <Stack gap="lg">
      <Title order={1}>{t('batch.new.title')}</Title>
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('batch.new.intro')}</Text>
          <Anchor href={templateHref} download data-testid="batch-template">
            {t('batch.new.template')}
          </Anchor>
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
          <FileInput
            label={t('batch.new.file')}
            description={t('batch.new.file_hint')}
            accept={ACCEPT}
            required
            clearable
            value={file}
            onChange={setFile}
            data-testid="batch-file"
          />
          {pending && (
            <Stack gap={4}>
              <Progress value={progress} animated aria-label={t('batch.new.progress')} />
              <Text size="xs" c="dimmed">
                {progress < 100 ? t('batch.new.uploading', { progress }) : t('batch.new.checking')}
              </Text>
            </Stack>
          )}
          {upload.mutation.isError && (
            <Alert color="red">{problemMessage(upload.mutation.error, PAYMENT_TEXTS)}</Alert>
          )}
          <Button type="submit" loading={pending} disabled={!accountId || !file} data-testid="batch-upload">
            {t('batch.new.submit')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
