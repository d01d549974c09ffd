import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { errorText } from '../../../lib/error-text';
import { fileToBase64 } from '../../lib/file-to-base64';
import { operatorWords } from '../../lib/i18n';
import { exchangeKeys, fetchRates, type RatesLoaded, uploadRateFile } from './api';

// Loading market rates (decision 0021): the ECB's eurofxref file (XML or CSV, daily or history)
// uploaded here, or the configured HTTP source fetched now. The answer names the day loaded.
export function RateLoader() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<RatesLoaded | null>(null);
  const onSuccess = async (answer: { data: RatesLoaded }) => {
    setLoaded(answer.data);
    setFile(null);
    await queryClient.invalidateQueries({ queryKey: exchangeKeys.all });
  };
  const upload = useMutation({
    mutationFn: async (chosen: File) =>
      uploadRateFile({ file_name: chosen.name, data: await fileToBase64(chosen) }),
    meta: { silent: true },
    onSuccess,
  });
  const fetchNow = useMutation({ mutationFn: fetchRates, meta: { silent: true }, onSuccess });
  const failed = upload.error ?? fetchNow.error;
  return (
    <Stack>
      <FileInput
        label={t('exchange.rate_file')}
        description={t('exchange.rate_file_hint')}
        accept=".xml,.csv,application/xml,text/xml,text/csv"
        clearable
        value={file}
        onChange={setFile}
        data-testid="rate-file-input"
      />
      <Group>
        <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
          {t('exchange.upload')}
        </Button>
        <Button variant="default" loading={fetchNow.isPending} onClick={() => fetchNow.mutate()}>
          {t('exchange.fetch')}
        </Button>
      </Group>
      <FormMessage message={errorText(failed, operatorWords)} />
      {loaded && (
        <Alert color="green" data-testid="rates-loaded">
          <Text size="sm">
            {t('exchange.loaded', { day: loaded.day, count: loaded.currencies, source: loaded.source })}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
