import { identificationDecisionSchema } from '@bluepeak/core/onboarding';
import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { acceptUpdate, decideDocument } from './api';

/** Accept one document, or refuse it with the reason the client is shown. */
export function DocumentActions({ clientId, documentId }: { clientId: string; documentId: string }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const decide = useMutation({
    mutationFn: ({ verdict, reason }: { verdict: 'accept' | 'reject'; reason: string }) =>
      decideDocument(clientId, documentId, verdict, reason),
    onSuccess: async (_answer, { verdict }) => {
      showInfo(t(`record.done.document_${verdict}`));
      setRejecting(false);
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="#1e6b34"
          loading={decide.isPending}
          onClick={() => decide.mutate({ verdict: 'accept', reason: '' })}
        >
          {t('record.accept_document')}
        </Button>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setRejecting(true)}>
          {t('record.reject_document')}
        </Button>
      </Group>
      {rejecting && (
        <ReasonDialog
          title={t('record.reject_document')}
          confirm={t('record.confirm')}
          confirmColor="red.9"
          busy={decide.isPending}
          field={identificationDecisionSchema.shape.reason}
          required
          label={t('record.reason')}
          onClose={() => setRejecting(false)}
          onSubmit={(reason) => decide.mutate({ verdict: 'reject', reason })}
        />
      )}
    </>
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
