import { companyDocumentsSchema } from '@bluepeak/core/onboarding';
import { Alert, Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAttachment } from '../../components/file-attachment';
import { FilePicker } from '../../components/file-picker';
import { FormMessage } from '../../components/form-message';
import { translateValidation } from '../../lib/form-errors';
import { useMeta } from '../../lib/queries/meta';
import { useFormMutation } from '../../lib/use-form-mutation';
import { uploadCompanyDocuments } from './api';
import { useCompanyStepSaved } from './use-onboarding';

// The 'company documents' step: one document at a time, with its type.
export function CompanyDocumentsCard() {
  const { t } = useTranslation('onboarding');
  const { document_types: documentTypes } = useMeta();
  const saved = useCompanyStepSaved();
  const [type, setType] = useState<string>('CERTIFICATE_OF_INCORPORATION');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const form = {
    validate: async () => {
      if (!file) {
        setError(t('files.required'));
        return undefined;
      }
      const body = { attachments: [await toAttachment(file, type)] };
      const parsed = companyDocumentsSchema.safeParse(body);
      setError(parsed.success ? undefined : translateValidation(parsed.error.issues[0]?.message ?? ''));
      return parsed.success ? body : undefined;
    },
    setServerErrors: () => undefined,
  };
  const {
    mutation: upload,
    submit,
    message,
    clearMessage,
  } = useFormMutation(form, {
    request: uploadCompanyDocuments,
    serverFields: false,
    onSuccess: (answer) => {
      setFile(null);
      void saved(answer);
    },
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('company.steps.has_document')}
          </Title>
          <Select
            label={t('company.document_type')}
            data={documentTypes.map((item) => ({ value: item.code, label: item.name }))}
            value={type}
            onChange={(value) => setType(value ?? 'CERTIFICATE_OF_INCORPORATION')}
            allowDeselect={false}
            required
          />
          <FilePicker
            label={t('company.document_file')}
            file={file}
            onChange={(picked, problem) => {
              setFile(picked);
              setError(problem);
              clearMessage();
            }}
          />
          <Text size="sm" c="dimmed">
            {t('files.rules')}
          </Text>
          <FormMessage message={error ?? message} />
          {upload.isSuccess && <Alert color="green">{t('company.document_saved')}</Alert>}
          <Button type="submit" loading={upload.isPending} w="fit-content">
            {t('company.upload')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
