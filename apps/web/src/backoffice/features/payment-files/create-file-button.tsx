import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../../lib/notify';
import { createPaymentFile, type FileRail, paymentFileKeys } from './api';

/** Gathers the rail's queued file-channel payments into one pain.001 file. */
export function CreateFileButton({ rail }: { rail: FileRail }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createPaymentFile(rail),
    onSuccess: async (answer) => {
      showInfo(
        t('payments.files.created', {
          message_id: answer.data.message_id,
          count: answer.data.payment_count,
        }),
      );
      await queryClient.invalidateQueries({ queryKey: paymentFileKeys.payments });
    },
  });
  return (
    <Button variant="default" loading={create.isPending} onClick={() => create.mutate()}>
      {t('payments.files.create', { rail: t(`payments.rails.${rail}`) })}
    </Button>
  );
}
