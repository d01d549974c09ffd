import { importStatusFileSchema } from '@bluepeak/core/payments';
import { Alert, List, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { FileImportForm } from '../../components/file-import-form';
import { operatorWords } from '../../lib/i18n';
import { showInfo } from '../../lib/notify';
import { type ImportStatusResult, importStatusReport, paymentFileKeys } from './api';

// The bank's pain.002 status report: read as text in the browser and posted; the answer says
// how many payments settled or were rejected and which ids it could not apply.
export function StatusReportImport() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<ImportStatusResult | null>(null);
  const upload = useMutation({
    mutationFn: importStatusReport,
    // The answer shows beside the form, where the operator is looking.
    meta: { silent: true },
    onSuccess: async (answer) => {
      setResult(answer.data);
      setFile(null);
      showInfo(t('payments.files.imported'));
      await queryClient.invalidateQueries({ queryKey: paymentFileKeys.payments });
    },
    onError: (error) => setProblem(errorText(error, operatorWords)),
  });
  const submit = async (chosen: File) => {
    setProblem(undefined);
    setResult(null);
    const checked = importStatusFileSchema.safeParse({ xml: await chosen.text() });
    if (checked.success) upload.mutate(checked.data.xml);
    else setProblem(t('payments.files.import_invalid'));
  };
  return (
    <FileImportForm
      file={file}
      onFileChange={setFile}
      onImport={(chosen) => void submit(chosen)}
      label={t('payments.files.import_file')}
      description={t('payments.files.import_hint')}
      accept=".xml,application/xml,text/xml"
      testId="pain002-input"
      submitLabel={t('payments.files.import_submit')}
      busy={upload.isPending}
      problem={problem}
    >
      {result && (
        <Alert
          color="green"
          data-testid="import-result"
          title={t('payments.files.result_title', { message_id: result.message_id })}
        >
          <Text size="sm">
            {t('payments.files.result', { settled: result.settled, rejected: result.rejected })}
          </Text>
          {result.ignored.length > 0 && (
            <>
              <Text size="sm" mt="xs">
                {t('payments.files.ignored', { count: result.ignored.length })}
              </Text>
              <List size="sm">
                {result.ignored.map((item) => (
                  <List.Item key={item.end_to_end_id}>
                    {item.end_to_end_id}: {item.reason}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
    </FileImportForm>
  );
}
