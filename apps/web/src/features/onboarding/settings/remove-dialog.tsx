import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../../../components/snackbar';
import { problemMessage } from '../../../lib/api-error-message';
import { clientQueryKeys } from '../../../lib/client-session';

/** Where a removal's refusal is worded before the general texts (lib/api-error-message.ts). */
const REMOVAL_TEXTS = ['settings:company.remove.problems'] as const;

/**
 * "Remove …?" for a related person or a partner (docs/requirements/settings.md): the question,
 * the refusal in words when the rules keep it (the last director, say), and the settings and
 * the client record read again once it is gone.
 */
export function RemoveDialog({
  title,
  question,
  remove,
  onClose,
}: {
  title: string;
  question: string;
  remove: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: remove,
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
      showInfo(t('company.remove.removed'));
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text>{question}</Text>
        {removal.error ? <Alert color="red">{problemMessage(removal.error, REMOVAL_TEXTS)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('company.remove.cancel')}
          </Button>
          <Button color="red" loading={removal.isPending} onClick={() => removal.mutate()}>
            {t('company.remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
