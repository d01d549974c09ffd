import type { ProposeEscrowChange } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findClientAccountByCurrency } from '../accounts';
import {
  type ChangeRow,
  findChange,
  insertChange,
  lockOpenChange,
  markChangeWithdrawn,
  openChangeExists,
  setChangeAnswer,
} from './escrow-change-rows';
import { insertCondition } from './escrow-condition-rows';
import { changeFeeOf, fundingFeesFor } from './escrow-fees';
import { holdChangeFee, resolveChangeFee } from './escrow-ledger';
import { changeDealTerms, type DealRow, lockDeal, sideOf } from './escrow-rows';
import { recordStep } from './escrow-steps';
import { checkAmount, checkDeadline, requireStatus } from './propose-deal';

// Changes to a running deal (docs/requirements/escrow.md, "Changes"): one party proposes a new
// amount, a new deadline or more conditions; the other accepts (with a one-time code) or declines.
// The tariff's change fee, in the deal's currency, is held from the requester's account when it
// asks, charged when the change is accepted and given back when it is declined or withdrawn. The
// amount changes only before funding (the held money is what was funded).

type ClientActor = { clientId: string; requestId: string; ip: string };

const invalid = (detail: string) => new AppError('escrow_invalid', detail, { detail });

/** Why this change cannot apply to the deal as it is now, or undefined when it can. */
function checkChange(deal: DealRow, change: Omit<ProposeEscrowChange, 'reason'>, now: Date) {
  if (deal.outside_seller) throw invalid('A deal with a seller outside the institution cannot be changed.');
  if (change.amount !== undefined) {
    if (deal.status !== 'accepted') throw invalid('The amount can change only before the deal is funded.');
    checkAmount(change.amount);
  }
  if (change.deadline !== undefined) checkDeadline(change.deadline, now);
  if (deal.conditions_total + (change.add_conditions?.length ?? 0) > 10)
    throw invalid('A deal has at most 10 conditions.');
}

export async function proposeChange(
  tx: Queryable,
  dealId: string,
  body: ProposeEscrowChange,
  actor: ClientActor,
  now: Date,
): Promise<string> {
  const deal = await lockDeal(tx, dealId, actor.clientId);
  requireStatus(deal, 'accepted', 'funded', 'disputed');
  checkChange(deal, body, now);
  if (await openChangeExists(tx, deal.id))
    throw new AppError('escrow_wrong_status', 'A change already waits for an answer', {
      detail: 'A change of this deal already waits for an answer.',
    });
  const side = sideOf(deal, actor.clientId);
  const payer = await findClientAccountByCurrency(tx, actor.clientId, deal.currency);
  if (!payer) throw new AppError('account_not_found', `You have no ${deal.currency} account`);
  const fee = changeFeeOf(deal);
  const row = await insertChange(tx, {
    dealId: deal.id,
    requestedBy: side,
    newAmountMinor: body.amount ?? null,
    newDeadline: body.deadline ?? null,
    addConditions: JSON.stringify(body.add_conditions ?? []),
    reason: body.reason,
    feeMinor: fee,
    feeLedgerAccountId: payer.ledger_account_id,
    now,
  });
  if (!row) throw new Error('change insert returned no row');
  await holdChangeFee(tx, deal, { id: row.id, feeMinor: fee, payerLedgerAccountId: payer.ledger_account_id });
  await recordStep(tx, deal, 'change_proposed', { type: 'client', side, ...actor }, { fee_minor: fee });
  return row.id;
}

/** Refuses an answer that is not this party's to give now. */
export function refuseAnswer(
  change: ChangeRow,
  side: 'buyer' | 'seller',
  answer: 'accept' | 'decline' | 'withdraw',
) {
  if (change.status !== 'proposed')
    throw new AppError('escrow_wrong_status', `This change is ${change.status}`, {
      detail: `The change is ${change.status}; it waits for no answer.`,
    });
  if ((answer === 'withdraw') !== (side === change.requested_by))
    throw new AppError('escrow_not_your_step', 'The other party answers this change', {
      detail:
        answer === 'withdraw'
          ? 'Only the party that asked for the change may withdraw it.'
          : 'The party that asked for the change cannot answer it.',
    });
}

/** The other party accepts (after its code is checked) or declines; the requester may withdraw. */
export async function answerChange(
  tx: Queryable,
  ids: { deal: string; change: string },
  answer: 'accept' | 'decline' | 'withdraw',
  actor: ClientActor,
  now: Date,
): Promise<void> {
  const deal = await lockDeal(tx, ids.deal, actor.clientId);
  const change = await findChange(tx, deal.id, ids.change, true);
  const side = sideOf(deal, actor.clientId);
  refuseAnswer(change, side, answer);
  const fee = { id: change.id, feeMinor: change.fee_minor };
  if (answer === 'accept') {
    requireStatus(deal, 'accepted', 'funded', 'disputed');
    checkChange(
      deal,
      {
        amount: change.new_amount_minor ?? undefined,
        deadline: change.new_deadline ?? undefined,
        add_conditions: change.add_conditions,
      },
      now,
    );
    await applyChange(tx, deal, change);
  }
  const transferId = await resolveChangeFee(tx, deal, fee, answer === 'accept' ? 'post' : 'void');
  const status = answer === 'accept' ? 'accepted' : answer === 'decline' ? 'declined' : 'withdrawn';
  await setChangeAnswer(tx, change.id, status, now, transferId);
  await recordStep(
    tx,
    deal,
    `change_${status}`,
    { type: 'client', side, ...actor },
    {
      fee_minor: answer === 'accept' ? change.fee_minor : 0,
    },
  );
}

async function applyChange(tx: Queryable, deal: DealRow, change: ChangeRow): Promise<void> {
  const amount = change.new_amount_minor ?? deal.amount_minor;
  await changeDealTerms(tx, deal.id, {
    amountMinor: amount,
    fundingFeeMinor: fundingFeesFor(amount, deal.standard, deal.fee_rate, deal.currency),
    deadline: change.new_deadline,
  });
  for (const [index, condition] of change.add_conditions.entries())
    await insertCondition(tx, deal.id, deal.conditions_total + index + 1, condition);
}

/** A deal paid out ends its open change: the requester's held fee is given back. */
export async function dropOpenChange(tx: Queryable, deal: DealRow, now: Date): Promise<void> {
  const open = await lockOpenChange(tx, deal.id);
  if (!open) return;
  const transferId = await resolveChangeFee(tx, deal, { id: open.id, feeMinor: open.fee_minor }, 'void');
  await markChangeWithdrawn(tx, open.id, now, transferId);
}
