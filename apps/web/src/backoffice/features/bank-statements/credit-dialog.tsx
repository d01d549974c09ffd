import {
  assignBankCreditSchema,
  type BankCredit,
  bankCreditDecisionSchema,
  returnBankCreditSchema,
} from '@bluepeak/core/backoffice';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneySummary } from '../../components/money-summary';
import { ReasonDialog } from '../../components/reason-dialog';
import { bankCreditLines } from './approval-lines';
import type { CreditAction } from './credit-action-rules';

// Each action's words, checked by the schema the API applies: assigning takes a client IBAN
// and an optional note; returning and rejecting need a reason; approving takes an optional one.
const fields = {
  assign: assignBankCreditSchema.shape.note,
  return: returnBankCreditSchema.shape.reason,
  reject: bankCreditDecisionSchema.shape.reason,
  approve: bankCreditDecisionSchema.shape.reason,
};

/**
 * Every decision on a credit, asked first with what it moves (the amount, from whom, to whom):
 * a reason, or a client IBAN to assign the credit to.
 */
export function CreditDialog({
  credit,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  credit: BankCredit;
  action: CreditAction;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: object) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [iban, setIban] = useState('');
  const withIban = action === 'assign';
  const optional = withIban || action === 'approve';
  const checkedIban = assignBankCreditSchema.shape.iban.safeParse(iban);
  return (
    <ReasonDialog
      title={t(`bank.dialog.${action}`, { reference: credit.bank_reference })}
      confirm={t(`bank.action.${action}`)}
      busy={busy}
      onClose={onClose}
      field={fields[action]}
      required={!optional}
      label={optional ? t('record.reason_optional') : t('record.reason')}
      complete={!withIban || checkedIban.success}
      onSubmit={(reason) =>
        onSubmit(
          withIban
            ? { iban: checkedIban.data, ...(reason ? { note: reason } : {}) }
            : reason
              ? { reason }
              : {},
        )
      }
    >
      <MoneySummary lines={bankCreditLines(credit, action, t, checkedIban.data ?? iban.trim())} />
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
