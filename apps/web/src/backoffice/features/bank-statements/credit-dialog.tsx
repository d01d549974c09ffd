import {
  assignBankCreditSchema,
  type BankCredit,
  bankCreditDecisionSchema,
  returnBankCreditSchema,
} from '@bluepeak/core/backoffice';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import type { CreditAction } from './credit-action-rules';

export type WordedAction = Exclude<CreditAction, 'approve'>;

// Each action's words, checked by the schema the API applies: assigning takes a client IBAN
// and an optional note; returning and rejecting need a reason.
const fields = {
  assign: assignBankCreditSchema.shape.note,
  return: returnBankCreditSchema.shape.reason,
  reject: bankCreditDecisionSchema.shape.reason,
};

/** The queue's decisions that need words: a reason, or a client IBAN to assign the credit to. */
export function CreditDialog({
  credit,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  credit: BankCredit;
  action: WordedAction;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: object) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [iban, setIban] = useState('');
  const withIban = action === 'assign';
  const checkedIban = assignBankCreditSchema.shape.iban.safeParse(iban);
  return (
    <ReasonDialog
      title={t(`bank.dialog.${action}`, { reference: credit.bank_reference })}
      confirm={t(`bank.action.${action}`)}
      busy={busy}
      onClose={onClose}
      field={fields[action]}
      required={!withIban}
      label={withIban ? t('record.reason_optional') : t('record.reason')}
      complete={!withIban || checkedIban.success}
      onSubmit={(reason) =>
        onSubmit(withIban ? { iban: checkedIban.data, ...(reason ? { note: reason } : {}) } : { reason })
      }
    >
      {withIban && (
        <TextInput
          label={t('bank.client_iban')}
          description={t('bank.client_iban_hint')}
          required
          value={iban}
          onChange={(event) => setIban(event.currentTarget.value)}
          error={iban && !checkedIban.success ? t('bank.iban_invalid') : undefined}
        />
      )}
    </ReasonDialog>
  );
}
