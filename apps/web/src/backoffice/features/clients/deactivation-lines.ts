import type { BackofficeDeactivation } from '@bluepeak/core/deactivation';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../components/money';
import type { SummaryLine } from '../../components/money-summary';

/**
 * What approving a closure moves, for its confirmation (docs/requirements/deactivation.md): the
 * closing fee, then each account's pay-out from the client to the chosen recipient.
 */
export function deactivationLines(
  request: Pick<BackofficeDeactivation, 'closing_fee' | 'payout_plan' | 'payout_recipient_name'>,
  clientName: string,
  t: TFunction<'backoffice'>,
): SummaryLine[] {
  const payouts = request.payout_plan.flatMap((line) =>
    line.amount === null ? [] : [formatMoney(line.amount, line.currency)],
  );
  return [
    {
      label: t('confirm_money.closing_fee'),
      value: formatMoney(request.closing_fee.amount, request.closing_fee.currency),
    },
    { label: t('confirm_money.payout'), value: payouts.join(' · ') || t('confirm_money.payout_none') },
    { label: t('confirm_money.from'), value: clientName },
    {
      label: t('confirm_money.to'),
      value: payouts.length > 0 ? (request.payout_recipient_name ?? '–') : '–',
    },
  ];
}
