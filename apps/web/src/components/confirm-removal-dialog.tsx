import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { problemMessage } from '../lib/api-error-message';
import { FormMessage } from './form-message';

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
  const removal = useMutation({ mutationFn: remove, meta: { silent: true }, onSuccess: onRemoved });
  return (
    <Modal opened={opened} onClose={onClose} title={texts.title}>
      <Stack>
        <Text>{texts.question}</Text>
        <FormMessage message={removal.error ? problemMessage(removal.error, problemTexts) : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button color="red" loading={removal.isPending} onClick={() => removal.mutate()}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
