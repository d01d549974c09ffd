import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { problemMessage } from '../lib/api-error-message';
import { FormMessage } from './form-message';

export type ConfirmTexts = { title: string; confirm: string; cancel: string };

/**
 * The client app's "are you sure?": what the step will do (the children), then Cancel, which
 * sends nothing, or the confirm button, which sends `action` once and shows the server's refusal
 * in words in the dialog (looked up under `problemTexts` first). `onDone` gets the answer; the
 * caller closes the dialog and reads again what changed. Removals use it through
 * ConfirmRemovalDialog, so every confirmation asks and refuses the same way.
 */
export function ConfirmDialog<Result>({
  opened = true,
  texts,
  color,
  size,
  problemTexts = [],
  action,
  onDone,
  onClose,
  children,
}: {
  opened?: boolean;
  texts: ConfirmTexts;
  color?: string;
  size?: ModalProps['size'];
  problemTexts?: readonly string[];
  action: () => Promise<Result>;
  onDone: (result: Result) => Promise<void> | void;
  onClose: () => void;
  children: ReactNode;
}) {
  const call = useMutation({ mutationFn: action, meta: { silent: true }, onSuccess: onDone });
  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} size={size}>
      <Stack>
        {children}
        <FormMessage message={call.error ? problemMessage(call.error, problemTexts) : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button color={color} loading={call.isPending} onClick={() => call.mutate()}>
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
