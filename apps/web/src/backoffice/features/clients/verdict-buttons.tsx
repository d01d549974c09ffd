import { identificationDecisionSchema } from '@bluepeak/core/onboarding';
import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';

/**
 * Say yes to something a client sent (a document, an identity check) at once, or no with the
 * reason the client is shown, asked for in the one reason dialog. `texts` names the locale keys
 * under `record.`: the yes button, the no button and dialog title, and the done message's stem
 * (`done.<stem>_<verdict>`).
 */
export function VerdictButtons<Yes extends string>({
  yes,
  texts,
  decide,
}: {
  yes: Yes;
  texts: { yes: string; no: string; done: string };
  decide: (verdict: Yes | 'reject', reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const run = useMutation({
    mutationFn: ({ verdict, reason }: { verdict: Yes | 'reject'; reason: string }) => decide(verdict, reason),
    onSuccess: async (_answer, { verdict }) => {
      showInfo(t(`record.done.${texts.done}_${verdict}`));
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
          loading={run.isPending}
          onClick={() => run.mutate({ verdict: yes, reason: '' })}
        >
          {t(`record.${texts.yes}`)}
        </Button>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setRejecting(true)}>
          {t(`record.${texts.no}`)}
        </Button>
      </Group>
      {rejecting && (
        <ReasonDialog
          title={t(`record.${texts.no}`)}
          confirm={t('record.confirm')}
          confirmColor="red.9"
          busy={run.isPending}
          field={identificationDecisionSchema.shape.reason}
          required
          label={t('record.reason')}
          onClose={() => setRejecting(false)}
          onSubmit={(reason) => run.mutate({ verdict: 'reject', reason })}
        />
      )}
    </>
  );
}
