import { operatorPaymentReasonSchema } from '@bluepeak/core/payments';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../notify';
import { allowedActions } from './payment-action-rules';
import { type OperatorPayment, type PaymentAction, paymentKeys, postPaymentAction } from './payments-api';

const DANGER: ReadonlySet<PaymentAction> = new Set(['void', 'return']);

// Hold, release, void or return one payment (docs/requirements/payments.md), each behind a dialog
// that asks for the reason the audit log keeps (the API's own schema checks it as the operator
// types). Only the actions the payment's state allows are offered; the server has the last word.
export function PaymentActions({ payment }: { payment: OperatorPayment }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [action, setAction] = useState<PaymentAction | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const checked = operatorPaymentReasonSchema.safeParse({ reason });
  const error = touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  const close = () => {
    setAction(null);
    setReason('');
    setTouched(false);
  };
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
      <Modal
        opened={action !== null}
        onClose={close}
        title={action ? t(`payments.actions.title.${action}`) : ''}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (action && checked.success) run.mutate({ action, reason: checked.data.reason });
          }}
        >
          <Stack>
            {action && <Text size="sm">{t(`payments.actions.explain.${action}`)}</Text>}
            <Textarea
              label={t('payments.actions.reason')}
              description={t('payments.actions.reason_hint')}
              required
              data-autofocus
              minRows={3}
              maxLength={500}
              value={reason}
              error={error}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setTouched(true);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                color={action && DANGER.has(action) ? 'red.9' : undefined}
                loading={run.isPending}
              >
                {t('payments.actions.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
