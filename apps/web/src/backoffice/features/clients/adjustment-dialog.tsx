import { proposeAdjustmentSchema } from '@bluepeak/core/backoffice';
import { Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { type Account, proposeAdjustment } from './api';
import { parseAmount } from './money-input';

/** A manual adjustment of one account's balance, for a second operator to approve. */
export function AdjustmentDialog({
  clientId,
  account,
  onClose,
}: {
  clientId: string;
  account: Account;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amountText, setAmountText] = useState('');
  const amount = parseAmount(amountText, account.currency);
  const propose = useMutation({
    mutationFn: (reason: string) =>
      proposeAdjustment({ client_id: clientId, currency: account.currency, direction, amount, reason }),
    onSuccess: async () => {
      showInfo(t('money.adjustment_proposed'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  return (
    <ReasonDialog
      title={t('money.adjustment_title', { currency: account.currency })}
      confirm={t('money.propose_adjustment')}
      busy={propose.isPending}
      field={proposeAdjustmentSchema.shape.reason}
      label={t('record.reason')}
      description={t('money.reason_hint')}
      complete={amount !== null}
      onClose={onClose}
      onSubmit={(reason) => propose.mutate(reason)}
    >
      <Text size="sm">{t('money.four_eyes')}</Text>
      <Select
        label={t('money.direction')}
        data={[
          { value: 'credit', label: t('money.credit') },
          { value: 'debit', label: t('money.debit') },
        ]}
        value={direction}
        onChange={(value) => setDirection(value === 'debit' ? 'debit' : 'credit')}
        allowDeselect={false}
      />
      <TextInput
        label={t('money.amount', { currency: account.currency })}
        inputMode="decimal"
        required
        value={amountText}
        error={amountText && amount === null ? t('money.amount_invalid') : undefined}
        onChange={(event) => setAmountText(event.currentTarget.value)}
      />
    </ReasonDialog>
  );
}
