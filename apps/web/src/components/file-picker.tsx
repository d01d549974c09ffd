import { CloseButton, FileInput, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileProblem, formatFileSize } from './file-attachment';

// One file for one purpose (a document's front, a selfie…): shows the file and its size, can be
// removed, and refuses a wrong type or a file over 10 MB before anything is sent.
export function FilePicker({
  label,
  file,
  onChange,
  error,
  optional = false,
}: {
  label: string;
  /** A file may be left out (a message's attachment). */
  optional?: boolean;
  file: File | null;
  onChange: (file: File | null, problem: string | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <div>
      <FileInput
        label={label}
        value={file}
        accept="image/jpeg,image/png,image/heic,application/pdf"
        placeholder={t('files.choose')}
        onChange={(picked) => {
          const problem = picked ? fileProblem(picked) : undefined;
          onChange(problem ? null : picked, problem && t(`files.${problem}`));
        }}
        error={error}
        required={!optional}
        clearable={optional}
      />
      {file && (
        <Group gap="xs" mt={4} wrap="nowrap">
          <Text size="sm" truncate="end">
            {file.name} ({formatFileSize(file.size)})
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('files.remove', { name: file.name })}
            onClick={() => onChange(null, undefined)}
          />
        </Group>
      )}
    </div>
  );
}
