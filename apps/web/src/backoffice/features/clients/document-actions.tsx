import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { acceptUpdate, decideDocument } from './api';
import { VerdictButtons } from './verdict-buttons';

/** Accept one document, or refuse it with the reason the client is shown. */
export function DocumentActions({ clientId, documentId }: { clientId: string; documentId: string }) {
  return (
    <VerdictButtons
      yes="accept"
      texts={{ yes: 'accept_document', no: 'reject_document', done: 'document' }}
      decide={(verdict, reason) => decideDocument(clientId, documentId, verdict, reason)}
    />
  );
}

/** The client sent the update we asked for: accepting it clears what was asked. */
export function AcceptUpdateButton({ clientId }: { clientId: string }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptUpdate(clientId),
    onSuccess: async () => {
      showInfo(t('record.done.update_accepted'));
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  return (
    <Button size="sm" color="#1e6b34" loading={accept.isPending} onClick={() => accept.mutate()}>
      {t('record.accept_update')}
    </Button>
  );
}
