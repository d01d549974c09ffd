import type { TFunction } from 'i18next';
import { formatMoney } from '../../../components/money';
import type { SummaryLine } from '../../components/money-summary';
import type { BankCredit, ManualCredit } from './api';
import type { CreditAction } from './credit-action-rules';

// What a credit's decision moves, for its confirmation before anything is sent: the amount, the
// payer and the client's account it goes to (or, returned, back to the payer).

const withIban = (name: string, iban: string | null) => (iban ? `${name}, ${iban}` : name);

/** A credit typed by hand, waiting for a second operator: from the payer to the client's IBAN. */
export function manualCreditLines(credit: ManualCredit, t: TFunction<'backoffice'>): SummaryLine[] {
  return [
    { label: t('confirm_money.amount'), value: formatMoney(credit.amount, credit.currency) },
    { label: t('confirm_money.from'), value: `${credit.payer_name} (${credit.bank_reference})` },
    { label: t('confirm_money.to'), value: withIban(credit.client_email, credit.iban) },
  ];
}

/**
 * A bank credit assigned, approved or rejected (the payer to the client, whose IBAN `assignTo`
 * is when the operator is typing it), or returned (to the payer).
 */
export function bankCreditLines(
  credit: BankCredit,
  action: CreditAction,
  t: TFunction<'backoffice'>,
  assignTo = '',
): SummaryLine[] {
  const payer = withIban(credit.debtor_name ?? t('confirm_money.payer_unknown'), credit.debtor_iban);
  const client =
    action === 'assign' ? assignTo || '–' : withIban(credit.client_email ?? '–', credit.creditor_iban);
  const returned = action === 'return';
  return [
    { label: t('confirm_money.amount'), value: formatMoney(credit.amount, credit.currency) },
    { label: t('confirm_money.from'), value: returned ? (credit.creditor_iban ?? '–') : payer },
    { label: t('confirm_money.to'), value: returned ? payer : client },
  ];
}
