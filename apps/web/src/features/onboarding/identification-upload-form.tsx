import { Button, Card, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FilePicker } from '../../components/file-picker';
import { FormMessage } from '../../components/form-message';
import { useMeta } from '../../lib/queries/meta';
import { useFormMutation } from '../../lib/use-form-mutation';
import { submitIdentification } from './api';
import {
  checkIdentification,
  DATE_FIELDS,
  type IdentificationErrors,
  type Side,
} from './identification-check';

// The identity document upload: the document's sides (a passport has no back), a selfie, the
// dates and the number, each checked before sending. The identification page and the
// identification documents' "new" page both send it.
export function IdentificationUploadForm({ onDone }: { onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('onboarding');
  const { identification_document_types: identificationDocumentTypes } = useMeta();
  const [documentType, setDocumentType] = useState<string>('PASSPORT');
  const [files, setFiles] = useState<Record<Side, File | null>>({ front: null, back: null, selfie: null });
  const [dates, setDates] = useState({ date_of_birth: '', document_expires_on: '' });
  const [documentNumber, setDocumentNumber] = useState('');
  const [errors, setErrors] = useState<IdentificationErrors>({});
  const needsBack = documentType !== 'PASSPORT';
  const sides: Side[] = needsBack ? ['front', 'back', 'selfie'] : ['front', 'selfie'];
  const form = {
    validate: async () => {
      const checked = await checkIdentification(documentType, sides, files, dates, t, documentNumber);
      setErrors(checked.errors);
      return checked.body;
    },
    setServerErrors: () => undefined,
  };
  const {
    mutation: upload,
    submit,
    message,
  } = useFormMutation(form, {
    request: submitIdentification,
    serverFields: false,
    onSuccess: () => onDone(),
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Select
            label={t('identification.document_type')}
            data={identificationDocumentTypes.map((type) => ({
              value: type.code,
              label: t(`identification.types.${type.code}` as 'identification.types.PASSPORT', {
                defaultValue: type.name,
              }),
            }))}
            value={documentType}
            onChange={(value) => setDocumentType(value ?? 'PASSPORT')}
            allowDeselect={false}
            required
          />
          <TextInput
            label={t('identification.document_number')}
            description={t('identification.document_number_hint')}
            value={documentNumber}
            error={errors.document_number}
            onChange={(event) => setDocumentNumber(event.currentTarget.value)}
            autoComplete="off"
          />
          {DATE_FIELDS.map((field) => (
            <DateField
              key={field}
              label={t(`identification.${field}`)}
              description={t(`identification.${field}_hint`)}
              required
              value={dates[field]}
              error={errors[field]}
              onChange={(value) => setDates((current) => ({ ...current, [field]: value }))}
            />
          ))}
          {sides.map((side) => (
            <FilePicker
              key={side}
              label={t(`identification.side.${side}`)}
              file={files[side]}
              error={errors[side]}
              onChange={(file, problem) => {
                setFiles((current) => ({ ...current, [side]: file }));
                setErrors((current) => ({ ...current, [side]: problem }));
              }}
            />
          ))}
          <Text size="sm" c="dimmed">
            {t('files.rules')}
          </Text>
          <FormMessage message={errors.form ?? message} />
          <Button type="submit" loading={upload.isPending} w="fit-content">
            {t('identification.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
