import type { TFunction } from 'i18next';
import { formatMoney } from '../../../components/money';
import type { SummaryLine } from '../../components/money-summary';
import type { Adjustment } from './api';

/**
 * What approving an adjustment moves, for its confirmation: the amount, between the suspense
 * account and the client's account (a credit from suspense, a debit to it), and why.
 */
export function adjustmentLines(adjustment: Adjustment, t: TFunction<'backoffice'>): SummaryLine[] {
  const client = t('confirm_money.client_account', {
    client: adjustment.client_email,
    account: adjustment.account_label,
  });
  const suspense = t('confirm_money.suspense');
  const credit = adjustment.direction === 'credit';
  return [
    {
      label: t('confirm_money.amount'),
      value: `${t(`money.${adjustment.direction}`)} ${formatMoney(adjustment.amount, adjustment.currency)}`,
    },
    { label: t('confirm_money.from'), value: credit ? suspense : client },
    { label: t('confirm_money.to'), value: credit ? client : suspense },
    { label: t('confirm_money.reason'), value: adjustment.reason },
  ];
}
