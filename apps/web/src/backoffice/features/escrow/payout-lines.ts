import type { EscrowDeal } from '@bluepeak/core/escrow';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../components/money';
import type { SummaryLine } from '../../components/money-summary';

type Proposal = EscrowDeal['proposals'][number];

/**
 * What approving a proposed payout moves, for its confirmation: the deal's amount out of its
 * escrow, to the seller on a release (an outside seller by name and IBAN) or back to the buyer on
 * a refund, and the proposer's reason.
 */
export function payoutLines(
  deal: Pick<
    EscrowDeal,
    'amount' | 'currency' | 'reference' | 'buyer_name' | 'seller_name' | 'outside_seller'
  >,
  proposal: Pick<Proposal, 'action' | 'reason'>,
  t: TFunction<'backoffice'>,
): SummaryLine[] {
  const seller = deal.outside_seller
    ? t('confirm_money.outside_seller', {
        name: deal.outside_seller.name,
        iban: deal.outside_seller.iban,
        rail: deal.outside_seller.paid_by.toUpperCase(),
      })
    : deal.seller_name;
  return [
    { label: t('confirm_money.amount'), value: formatMoney(deal.amount, deal.currency) },
    { label: t('confirm_money.from'), value: t('confirm_money.escrow', { reference: deal.reference }) },
    { label: t('confirm_money.to'), value: proposal.action === 'release' ? seller : deal.buyer_name },
    { label: t('confirm_money.reason'), value: proposal.reason },
  ];
}
