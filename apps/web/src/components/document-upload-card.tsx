import { Alert, Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { clientQueryKeys } from '../lib/client-session';
import { translateValidation } from '../lib/form-errors';
import { useFormMutation } from '../lib/use-form-mutation';
import { toAttachment } from './file-attachment';
import { FilePicker } from './file-picker';
import { FormMessage } from './form-message';

// One document at a time with its type, for the company or one of its people, in onboarding and
// in Settings. The file goes as base64 in the attachment shape; `schema`, when given, checks the
// body before it is sent, and the API checks what its bytes are. Once saved, the client's data is
// read again, or `onSaved` takes the answer.
export function DocumentUploadCard<Answer>({
  title,
  types,
  initialType,
  schema,
  request,
  onSaved,
}: {
  title: string;
  types: readonly { code: string; name: string }[];
  initialType?: string;
  schema?: z.ZodType;
  request: (body: { attachments: unknown[] }) => Promise<Answer>;
  onSaved?: (answer: Answer) => Promise<void> | void;
}) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const [type, setType] = useState<string>(initialType ?? types[0]?.code ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const form = {
    validate: async () => {
      if (!file) {
        setError(t('files.required'));
        return undefined;
      }
      const body = { attachments: [await toAttachment(file, type)] };
      const parsed = schema?.safeParse(body);
      setError(parsed?.error ? translateValidation(parsed.error.issues[0]?.message ?? '') : undefined);
      return parsed?.error ? undefined : body;
    },
    setServerErrors: () => undefined,
  };
  const { mutation, submit, message, clearMessage } = useFormMutation(form, {
    request,
    serverFields: false,
    onSuccess: async (answer) => {
      setFile(null);
      if (onSaved) await onSaved(answer);
      else await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
    },
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Select
            label={t('company.document_type')}
            data={types.map((item) => ({ value: item.code, label: item.name }))}
            value={type}
            onChange={(value) => setType(value ?? types[0]?.code ?? '')}
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
          {mutation.isSuccess && <Alert color="green">{t('company.document_saved')}</Alert>}
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            {t('company.upload')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
