import { operatorPaymentReasonSchema } from '@bluepeak/core/payments';
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';

/**
 * The row of operator actions on money in flight (a payment, a batch): a button per action the
 * state allows, each behind the one reason dialog whose reason the audit log keeps (the API's
 * own schema checks it as the operator types). `texts` is the locale prefix holding each
 * action's button (`<action>`), dialog title (`title.<action>`), explanation (`explain.<action>`)
 * and `none`; the server has the last word on what is allowed. `summary` (what the money is, from
 * whom to whom) shows in every dialog, so the operator confirms on it before anything is sent.
 */
export function ReasonedActions<Action extends string, Answer>({
  actions,
  danger,
  texts,
  summary,
  perform,
  onDone,
}: {
  actions: readonly Action[];
  danger: ReadonlySet<Action>;
  texts: string;
  summary: ReactNode;
  perform: (action: Action, reason: string) => Promise<Answer>;
  onDone: (answer: Answer, action: Action) => Promise<void>;
}) {
  const { t } = useTranslation('backoffice');
  const [action, setAction] = useState<Action | null>(null);
  const close = () => setAction(null);
  const run = useMutation({
    mutationFn: (input: { action: Action; reason: string }) => perform(input.action, input.reason),
    onSuccess: async (answer, input) => {
      close();
      await onDone(answer, input.action);
    },
  });
  if (actions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t(`${texts}.none`)}
      </Text>
    );
  return (
    <>
      <Group gap="sm">
        {actions.map((item) => (
          <Button
            key={item}
            color={danger.has(item) ? 'red.9' : undefined}
            variant={danger.has(item) ? 'outline' : 'default'}
            onClick={() => setAction(item)}
          >
            {t(`${texts}.${item}`)}
          </Button>
        ))}
      </Group>
      {action && (
        <ReasonDialog
          title={t(`${texts}.title.${action}`)}
          confirm={t('payments.actions.confirm')}
          confirmColor={danger.has(action) ? 'red.9' : undefined}
          busy={run.isPending}
          field={operatorPaymentReasonSchema.shape.reason}
          label={t('payments.actions.reason')}
          description={t('payments.actions.reason_hint')}
          explainErrors
          onClose={close}
          onSubmit={(reason) => run.mutate({ action, reason })}
        >
          {summary}
          <Text size="sm">{t(`${texts}.explain.${action}`)}</Text>
        </ReasonDialog>
      )}
    </>
  );
}
