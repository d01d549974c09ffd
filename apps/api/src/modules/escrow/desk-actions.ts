import type { Queryable } from '../../db/database';
import { type OperatorActor, operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { collectOwedFees, findClientAccountByCurrency } from '../accounts';
import { dropOpenChange } from './deal-changes';
import { lockCondition, setConditionDecision } from './escrow-condition-rows';
import { verificationFeeOf } from './escrow-fees';
import { chargeVerificationFee, payOutOnLedger } from './escrow-ledger';
import { insertProposal, lockProposal, setProposalDecision } from './escrow-proposal-rows';
import { clientOf, type DealRow, lockDeal, setDealStatus } from './escrow-rows';
import { recordStep } from './escrow-steps';
import { payOutsideSeller } from './outside-seller';
import { requireStatus } from './propose-deal';

// The escrow desk (docs/requirements/escrow.md): the officer decides each condition, and a
// payout needs two operators: one proposes a release or a refund, a different one approves it
// (the database refuses the maker as checker too: escrow_proposals_four_eyes). Approval is
// the only path that moves held money.

export type { OperatorActor };

const asActor = (actor: OperatorActor) => ({ type: 'operator' as const, ...actor });

export function deadlinePassed(deal: Pick<DealRow, 'deadline'>, now: Date): boolean {
  return now.getTime() > Date.parse(`${deal.deadline}T23:59:59.999Z`);
}

export async function decideCondition(
  tx: Queryable,
  ids: { deal: string; condition: string },
  decision: { approve: boolean; reason: string | undefined },
  actor: OperatorActor,
  now: Date,
): Promise<void> {
  const deal = await lockDeal(tx, ids.deal);
  requireStatus(deal, 'funded', 'disputed');
  const condition = await lockCondition(tx, deal.id, ids.condition);
  if (condition.status !== 'submitted')
    throw new AppError('escrow_wrong_status', 'No documents wait for a decision on this condition', {
      detail: 'The condition has no documents waiting for a decision.',
    });
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', { detail: 'Say what is missing.' });
  let fee: number | null = null;
  let transferId: string | null = null;
  if (decision.approve) {
    fee = verificationFeeOf(deal);
    const presenter = clientOf(deal, condition.presenter);
    const payer = presenter ? await findClientAccountByCurrency(tx, presenter, deal.currency) : undefined;
    if (!payer) throw new AppError('account_not_found', 'The presenting party has no account to pay the fee');
    transferId = await chargeVerificationFee(tx, deal, condition.id, payer.ledger_account_id, fee);
  }
  await setConditionDecision(tx, condition.id, {
    status: decision.approve ? 'met' : 'rejected',
    operatorId: actor.operatorId,
    now,
    reason: decision.reason ?? null,
    feeMinor: fee,
    transferId,
  });
  await recordStep(tx, deal, decision.approve ? 'condition_met' : 'condition_rejected', asActor(actor), {
    condition: condition.position,
    fee_minor: fee,
    reason: decision.reason ?? null,
  });
}

/** Why a payout may not be proposed now, or undefined when it may. */
function payoutRefusal(deal: DealRow, action: 'release' | 'refund', now: Date): string | undefined {
  if (deal.status !== 'funded' && deal.status !== 'disputed') return `The deal is ${deal.status}.`;
  if (action === 'release')
    return deal.conditions_met === deal.conditions_total ? undefined : 'Not every condition is met.';
  if (deal.status === 'disputed' || deadlinePassed(deal, now)) return undefined;
  if (deal.refund_agreed_by_buyer && deal.refund_agreed_by_seller) return undefined;
  return 'A refund needs the deadline passed, both parties’ agreement, or a dispute.';
}

export async function proposePayout(
  tx: Queryable,
  id: string,
  input: { action: 'release' | 'refund'; reason: string },
  actor: OperatorActor,
  now: Date,
): Promise<string> {
  const deal = await lockDeal(tx, id);
  const refusal = payoutRefusal(deal, input.action, now);
  if (refusal) throw new AppError('escrow_wrong_status', refusal, { detail: refusal });
  if (deal.open_proposal)
    throw new AppError('escrow_proposal_open', 'A payout of this deal already waits for approval');
  const row = await insertProposal(tx, {
    dealId: id,
    action: input.action,
    reason: input.reason,
    operatorId: actor.operatorId,
    now,
  });
  if (!row) throw new Error('proposal insert returned no row');
  await recordStep(tx, deal, `${input.action}_proposed`, asActor(actor), { reason: input.reason });
  return row.id;
}

export async function decidePayout(
  tx: Queryable,
  ids: { deal: string; proposal: string },
  decision: { approve: boolean; reason: string | undefined },
  actor: OperatorActor,
  now: Date,
): Promise<void> {
  const deal = await lockDeal(tx, ids.deal);
  const proposal = await lockProposal(tx, ids.proposal, deal.id);
  if (!proposal) throw notFound('Proposal');
  if (proposal.status !== 'proposed')
    throw new AppError('escrow_proposal_decided', 'This proposal has already been decided');
  if (decision.approve && proposal.proposed_by === actor.operatorId)
    throw new AppError('four_eyes_required', 'A different operator must approve your proposal');
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', { detail: 'Say why it is rejected.' });
  if (decision.approve) {
    const refusal = payoutRefusal(deal, proposal.action, now);
    if (refusal) throw new AppError('escrow_wrong_status', refusal, { detail: refusal });
  }
  await setProposalDecision(tx, ids.proposal, {
    status: decision.approve ? 'approved' : 'rejected',
    operatorId: actor.operatorId,
    now,
    reason: decision.reason ?? null,
  });
  if (!decision.approve) {
    await recordStep(tx, deal, 'proposal_rejected', asActor(actor), { reason: decision.reason ?? null });
    return;
  }
  const status = proposal.action === 'release' ? 'released' : 'refunded';
  // A change still waiting for an answer ends with the deal; its requester gets the fee back.
  await dropOpenChange(tx, deal, now);
  if (proposal.action === 'release' && deal.outside_seller) {
    const paymentActor = operatorActor(actor);
    const paid = await payOutsideSeller(tx, deal, paymentActor, now);
    await setDealStatus(tx, deal.id, status, {
      payout_transfer_id: paid.transferId,
      payout_payment_id: paid.paymentId,
    });
    await recordStep(tx, deal, status, asActor(actor), {
      amount_minor: deal.amount_minor,
      payment: paid.paymentId,
    });
    return;
  }
  const payee = proposal.action === 'release' ? deal.seller_client_id : deal.buyer_client_id;
  const account =
    proposal.action === 'refund' && deal.buyer_ledger_account_id
      ? { ledger_account_id: deal.buyer_ledger_account_id }
      : payee
        ? await findClientAccountByCurrency(tx, payee, deal.currency)
        : undefined;
  if (!account) throw new AppError('account_not_found', `The payee has no ${deal.currency} account`);
  const transferId = await payOutOnLedger(tx, deal, proposal.action, account.ledger_account_id);
  // A fee the payee owes is taken as soon as its account covers it, as on any credit.
  if (payee) await collectOwedFees(tx, payee);
  await setDealStatus(tx, deal.id, status, { payout_transfer_id: transferId });
  await recordStep(tx, deal, status, asActor(actor), { amount_minor: deal.amount_minor });
}
