import type { Recipient } from '@bluepeak/core/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { showInfo } from '../../components/snackbar';
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
  return (
    <ConfirmRemovalDialog
      opened={opened}
      texts={{
        title: t('recipient.delete_title'),
        question: t('recipient.delete_question', { name: recipient?.name ?? '' }),
        confirm: t('recipient.delete'),
        cancel: t('recipient.cancel'),
      }}
      problemTexts={PAYMENT_TEXTS}
      remove={() => deleteRecipient(recipient?.id ?? '')}
      onRemoved={() => {
        void queryClient.invalidateQueries({ queryKey: paymentKeys.recipients });
        showInfo(t('recipient.deleted'));
        navigate('/dashboard/recipients');
      }}
      onClose={onClose}
    />
  );
}
