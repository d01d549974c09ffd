import { identificationDecisionSchema } from '@bluepeak/core/onboarding';
import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { decideIdentification } from './api';

/** Approve or reject one identity check (documents and selfie). */
export function IdentificationActions({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const decide = useMutation({
    mutationFn: ({ verdict, reason }: { verdict: 'approve' | 'reject'; reason: string }) =>
      decideIdentification(submissionId, verdict, reason),
    onSuccess: async (_answer, { verdict }) => {
      showInfo(t(`record.done.identification_${verdict}`));
      setRejecting(false);
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          color="#1e6b34"
          loading={decide.isPending}
          onClick={() => decide.mutate({ verdict: 'approve', reason: '' })}
        >
          {t('record.approve_identification')}
        </Button>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setRejecting(true)}>
          {t('record.reject_identification')}
        </Button>
      </Group>
      {rejecting && (
        <ReasonDialog
          title={t('record.reject_identification')}
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
