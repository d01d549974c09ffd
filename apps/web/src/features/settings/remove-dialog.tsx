import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { showInfo } from '../../components/snackbar';
import { clientQueryKeys } from '../../lib/client-session';

/** Where a removal's refusal is worded before the general texts (lib/api-error-message.ts). */
const REMOVAL_TEXTS = ['settings:company.remove.problems'] as const;

/**
 * "Remove …?" for a related person or a partner (docs/requirements/settings.md): the refusal in
 * words when the rules keep it (the last director, say), and the settings and the client record
 * read again once it is gone.
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
  return (
    <ConfirmRemovalDialog
      texts={{ title, question, confirm: t('company.remove.confirm'), cancel: t('company.remove.cancel') }}
      problemTexts={REMOVAL_TEXTS}
      remove={remove}
      onRemoved={async () => {
        await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
        showInfo(t('company.remove.removed'));
        onClose();
      }}
      onClose={onClose}
    />
  );
}
