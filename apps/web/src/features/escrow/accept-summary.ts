import type { EscrowDeal } from '@bluepeak/core/escrow';
import { formatDate } from '../../lib/format-date';

/** What a party agrees to when it accepts a deal, shown before the acceptance is sent. */
export type AcceptSummary = {
  amount: number;
  currency: string;
  /** The other side, by name. */
  counterparty: string;
  /** The deadline as people read it, DD-MM-YYYY. */
  deadline: string;
  conditions: { id: string; description: string; presenter: 'buyer' | 'seller' }[];
  fees: EscrowDeal['fees'];
  /** What the buyer pays in to fund the deal: the amount and the funding fees. */
  fundingTotal: number;
};

type AcceptedDeal = Pick<
  EscrowDeal,
  | 'amount'
  | 'currency'
  | 'my_role'
  | 'buyer_name'
  | 'seller_name'
  | 'outside_seller'
  | 'deadline'
  | 'conditions'
  | 'fees'
  | 'funding_total'
>;

export function acceptSummary(deal: AcceptedDeal): AcceptSummary {
  const seller = deal.outside_seller?.name || deal.seller_name;
  return {
    amount: deal.amount,
    currency: deal.currency,
    counterparty: deal.my_role === 'seller' ? deal.buyer_name : seller,
    deadline: formatDate(deal.deadline),
    conditions: deal.conditions.map(({ id, description, presenter }) => ({ id, description, presenter })),
    fees: deal.fees,
    fundingTotal: deal.funding_total,
  };
}
