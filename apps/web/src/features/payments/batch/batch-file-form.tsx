import { Anchor, Button, FileInput, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage } from '../../../components/form-message';
import { problemMessage } from '../../../lib/api-error-message';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { PAYMENT_TEXTS } from '../problem-texts';
import { batchKeys, templateHref, uploadBatch } from './api';

const ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xml';

/** A batch file's upload with its progress and an Idempotency-Key; then the batch's review. */
export function BatchFileForm({ accountId }: { accountId: string | null }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Anchor href={templateHref} download data-testid="batch-template">
          {t('batch.new.template')}
        </Anchor>
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
        <FormMessage
          message={upload.mutation.isError ? problemMessage(upload.mutation.error, PAYMENT_TEXTS) : undefined}
        />
        <Button type="submit" loading={pending} disabled={!accountId || !file} data-testid="batch-upload">
          {t('batch.new.submit')}
        </Button>
      </Stack>
    </form>
  );
}
