import { operatorPaymentReasonSchema } from '@bluepeak/core/payments';
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { showInfo } from '../../lib/notify';
import { type BackofficeBatch, type BatchAction, paymentKeys, postBatchAction } from './api';
import { allowedBatchActions } from './payment-action-rules';

// Hold, release or return every open row of a batch at once (docs/requirements/batch-payments.md,
// "Back office"), behind the same reason dialog as one payment's actions; the audit log keeps the
// reason. Rows already with their rail cannot be held; the answer says how many rows changed.
export function BatchActions({ batch }: { batch: BackofficeBatch }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [action, setAction] = useState<BatchAction | null>(null);
  const close = () => setAction(null);
  const run = useMutation({
    mutationFn: (input: { action: BatchAction; reason: string }) =>
      postBatchAction(batch.id, input.action, input.reason),
    onSuccess: async (answer, input) => {
      showInfo(t(`payments.batches.actions.done.${input.action}`, { count: answer.data.rows_changed }));
      close();
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const actions = allowedBatchActions(batch.status);
  if (actions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('payments.batches.actions.none')}
      </Text>
    );
  return (
    <>
      <Group gap="sm">
        {actions.map((item) => (
          <Button
            key={item}
            color={item === 'return' ? 'red.9' : undefined}
            variant={item === 'return' ? 'outline' : 'default'}
            onClick={() => setAction(item)}
          >
            {t(`payments.batches.actions.${item}`)}
          </Button>
        ))}
      </Group>
      {action && (
        <ReasonDialog
          title={t(`payments.batches.actions.title.${action}`)}
          confirm={t('payments.actions.confirm')}
          confirmColor={action === 'return' ? 'red.9' : undefined}
          busy={run.isPending}
          field={operatorPaymentReasonSchema.shape.reason}
          label={t('payments.actions.reason')}
          description={t('payments.actions.reason_hint')}
          explainErrors
          onClose={close}
          onSubmit={(reason) => run.mutate({ action, reason })}
        >
          <Text size="sm">{t(`payments.batches.actions.explain.${action}`)}</Text>
        </ReasonDialog>
      )}
    </>
  );
}
