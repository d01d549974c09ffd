import { Alert, List, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { FileImportForm } from '../../components/file-import-form';
import { operatorWords } from '../../lib/i18n';
import { showInfo } from '../../lib/notify';
import { bankKeys, type ImportResult, uploadStatement } from './api';

const MAX_BYTES = 5 * 1024 * 1024;

// The bank's camt.053 statement: sent as base64; the answer says how many credits were booked,
// how many wait in the queue and which were already imported. A file the schema refuses shows
// the schema's errors here, where the operator is looking.
export function StatementUpload() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<ImportResult | null>(null);
  const upload = useMutation({
    mutationFn: uploadStatement,
    meta: { silent: true },
    onSuccess: async (answer) => {
      setResult(answer.data);
      setFile(null);
      showInfo(t('bank.imported'));
      await queryClient.invalidateQueries({ queryKey: bankKeys.all });
    },
    onError: (error) => setProblem(errorText(error, operatorWords)),
  });
  const submit = (chosen: File) => {
    setProblem(undefined);
    setResult(null);
    if (chosen.size > MAX_BYTES) setProblem(t('bank.too_large'));
    else upload.mutate(chosen);
  };
  return (
    <FileImportForm
      file={file}
      onFileChange={setFile}
      onImport={submit}
      label={t('bank.file')}
      description={t('bank.file_hint')}
      accept=".xml,application/xml,text/xml"
      testId="statement-input"
      submitLabel={t('bank.upload')}
      busy={upload.isPending}
      problem={problem}
    >
      {result && (
        <Alert
          color="green"
          data-testid="statement-result"
          title={t('bank.result_title', { id: result.message_id })}
        >
          <Text size="sm">
            {t('bank.result', {
              booked: result.credits_booked,
              unmatched: result.credits_unmatched,
              duplicates: result.credits_duplicate,
              skipped: result.entries_skipped,
            })}
          </Text>
          {result.duplicates.length > 0 && (
            <List size="sm" mt="xs">
              {result.duplicates.map((reference) => (
                <List.Item key={reference}>{t('bank.duplicate', { reference })}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </FileImportForm>
  );
}
