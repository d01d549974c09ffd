import type { TFunction } from 'i18next';
import { formatMoney } from '../../../components/money';
import type { SummaryLine } from '../../components/money-summary';
import type { BackofficeBatch, OperatorPayment } from './api';

// What an action on money in flight concerns, for its reason dialog before anything is sent: the
// amount, the client's account it leaves and the payee it was going to (voided or returned, it
// comes back to that account).

/** One payment: its amount and total, from the client's account, to its payee. */
export function paymentLines(
  payment: Pick<
    OperatorPayment,
    'amount' | 'currency' | 'debit_currency' | 'client_name' | 'account_label' | 'payee'
  >,
  t: TFunction<'backoffice'>,
): SummaryLine[] {
  const payeeAccount = payment.payee.iban ?? payment.payee.account_number ?? null;
  return [
    { label: t('confirm_money.amount'), value: formatMoney(payment.amount, payment.currency) },
    {
      label: t('confirm_money.from'),
      value: t('confirm_money.client_account', {
        client: payment.client_name,
        account: payment.account_label ?? payment.debit_currency,
      }),
    },
    {
      label: t('confirm_money.to'),
      value: [payment.payee.name, payeeAccount].filter(Boolean).join(', ') || '–',
    },
  ];
}

/** A whole batch: its totals per currency, from the client, to its payees. */
export function batchLines(
  batch: Pick<BackofficeBatch, 'totals' | 'client_name' | 'rows_total'>,
  t: TFunction<'backoffice'>,
): SummaryLine[] {
  return [
    {
      label: t('confirm_money.amount'),
      value: batch.totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ') || '–',
    },
    { label: t('confirm_money.from'), value: batch.client_name },
    { label: t('confirm_money.to'), value: t('confirm_money.batch_payees', { count: batch.rows_total }) },
  ];
}
