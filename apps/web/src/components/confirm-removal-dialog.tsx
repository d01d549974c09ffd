import { Text } from '@mantine/core';
import { ConfirmDialog } from './confirm-dialog';

export type ConfirmRemovalTexts = {
  title: string;
  question: string;
  confirm: string;
  cancel: string;
};

/**
 * "Remove …?" for anything a client deletes: the question, the server's refusal in words when
 * its rules keep the thing (looked up under `problemTexts` first), and `onRemoved` once it is
 * gone, where the caller reads again what changed and says so. One dialog, so every removal
 * asks and refuses the same way.
 */
export function ConfirmRemovalDialog({
  opened = true,
  texts,
  problemTexts,
  remove,
  onRemoved,
  onClose,
}: {
  opened?: boolean;
  texts: ConfirmRemovalTexts;
  problemTexts: readonly string[];
  remove: () => Promise<unknown>;
  onRemoved: () => Promise<void> | void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      texts={texts}
      color="red"
      problemTexts={problemTexts}
      action={remove}
      onDone={() => onRemoved()}
      onClose={onClose}
    >
      <Text>{texts.question}</Text>
    </ConfirmDialog>
  );
}
