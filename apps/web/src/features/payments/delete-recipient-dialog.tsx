import type { Recipient } from '@bluepeak/core/payments';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showInfo } from '../../components/snackbar';
import { problemMessage } from '../../lib/api-error-message';
import { deleteRecipient, paymentKeys } from './api';
import { PAYMENT_TEXTS } from './problem-texts';

/** "Delete this recipient?": deleting goes back to the list. */
export function DeleteRecipientDialog({
  recipient,
  opened,
  onClose,
}: {
  recipient: Recipient | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteRecipient(recipient?.id ?? ''),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
      showInfo(t('recipient.deleted'));
      navigate('/dashboard/recipients');
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('recipient.delete_title')}>
      <Stack>
        <Text>{t('recipient.delete_question', { name: recipient?.name ?? '' })}</Text>
        {remove.error ? <Alert color="red">{problemMessage(remove.error, PAYMENT_TEXTS)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('recipient.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('recipient.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
