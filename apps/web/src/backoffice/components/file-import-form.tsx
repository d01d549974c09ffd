import { Button, FileInput, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormMessage } from '../../components/form-message';

/** A bank file the operator imports: the file, its button, the refusal, then what the import did. */
export function FileImportForm({
  file,
  onFileChange,
  onImport,
  label,
  description,
  accept,
  testId,
  submitLabel,
  busy,
  problem,
  children,
}: {
  file: File | null;
  onFileChange: (file: File | null) => void;
  onImport: (file: File) => void;
  label: string;
  description: string;
  accept: string;
  testId: string;
  submitLabel: string;
  busy: boolean;
  problem: string | undefined;
  /** The answer of the last import. */
  children?: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (file) onImport(file);
      }}
    >
      <Stack>
        <FileInput
          label={label}
          description={description}
          accept={accept}
          clearable
          value={file}
          onChange={onFileChange}
          data-testid={testId}
        />
        <Group>
          <Button type="submit" disabled={!file} loading={busy}>
            {submitLabel}
          </Button>
        </Group>
        <FormMessage message={problem} />
        {children}
      </Stack>
    </form>
  );
}
