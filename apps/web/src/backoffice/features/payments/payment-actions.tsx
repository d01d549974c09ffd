import { operatorPaymentReasonSchema } from '@bluepeak/core/payments';
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { showInfo } from '../../lib/notify';
import { type OperatorPayment, type PaymentAction, paymentKeys, postPaymentAction } from './api';
import { allowedActions } from './payment-action-rules';

const DANGER: ReadonlySet<PaymentAction> = new Set(['void', 'return']);

// Hold, release, void or return one payment (docs/requirements/payments.md), each behind a dialog
// that asks for the reason the audit log keeps (the API's own schema checks it as the operator
// types). Only the actions the payment's state allows are offered; the server has the last word.
export function PaymentActions({ payment }: { payment: OperatorPayment }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [action, setAction] = useState<PaymentAction | null>(null);
  const close = () => setAction(null);
  const run = useMutation({
    mutationFn: (input: { action: PaymentAction; reason: string }) =>
      postPaymentAction(payment.id, input.action, input.reason),
    onSuccess: async (answer, input) => {
      queryClient.setQueryData(paymentKeys.one(payment.id), answer);
      showInfo(t(`payments.actions.done.${input.action}`));
      close();
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const actions = allowedActions(payment);
  if (actions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('payments.actions.none')}
      </Text>
    );

  return (
    <>
      <Group gap="sm">
        {actions.map((item) => (
          <Button
            key={item}
            color={DANGER.has(item) ? 'red.9' : undefined}
            variant={DANGER.has(item) ? 'outline' : 'default'}
            onClick={() => setAction(item)}
          >
            {t(`payments.actions.${item}`)}
          </Button>
        ))}
      </Group>
      {action && (
        <ReasonDialog
          title={t(`payments.actions.title.${action}`)}
          confirm={t('payments.actions.confirm')}
          confirmColor={DANGER.has(action) ? 'red.9' : undefined}
          busy={run.isPending}
          field={operatorPaymentReasonSchema.shape.reason}
          label={t('payments.actions.reason')}
          description={t('payments.actions.reason_hint')}
          explainErrors
          onClose={close}
          onSubmit={(reason) => run.mutate({ action, reason })}
        >
          <Text size="sm">{t(`payments.actions.explain.${action}`)}</Text>
        </ReasonDialog>
      )}
    </>
  );
}
