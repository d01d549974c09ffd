import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findClientAccount } from '../accounts';
import { type AttachmentStorage, type CheckedFile, storeAttachments } from '../attachments';
import { getAccount } from '../ledger';
import { insertConditionDocument, lockCondition, markConditionSubmitted } from './escrow-condition-rows';
import { accountFrozen, fundOnLedger } from './escrow-ledger';
import { type DealRow, lockDeal, setDealStatus, setRefundAgreed, sideOf } from './escrow-rows';
import { recordStep } from './escrow-steps';
import { requireStatus } from './propose-deal';

// What the parties themselves may do to a deal. None of it moves held money: only two
// operators can (desk-actions.ts). Funding and agreeing to a refund are confirmed with a
// one-time code first (escrow-consent.ts).

type ClientActor = { clientId: string; requestId: string; ip: string };

/** The buyer's account a deal may be funded from now; refuses anyone or anything else. */
export async function fundableAccount(db: Queryable, deal: DealRow, accountId: string, clientId: string) {
  if (sideOf(deal, clientId) !== 'buyer')
    throw new AppError('escrow_not_your_step', 'Only the buyer funds the deal', {
      detail: 'Only the buyer funds the deal.',
    });
  requireStatus(deal, 'accepted');
  const account = await findClientAccount(db, clientId, accountId);
  if (!account) throw notFound('Account');
  if (account.currency !== deal.currency)
    throw new AppError('escrow_invalid', `Fund the deal from a ${deal.currency} account`, {
      detail: `Fund the deal from a ${deal.currency} account.`,
    });
  // A frozen account takes no debit (ledger/freeze-account.ts): refused before a code is sent for
  // a funding that could never happen.
  if ((await getAccount(db, account.ledger_account_id))?.frozen) throw accountFrozen();
  return account;
}

export async function fundDeal(
  tx: Queryable,
  id: string,
  accountId: string,
  actor: ClientActor,
): Promise<void> {
  const deal = await lockDeal(tx, id, actor.clientId);
  const account = await fundableAccount(tx, deal, accountId, actor.clientId);
  const transferId = await fundOnLedger(tx, deal, account.ledger_account_id);
  await setDealStatus(tx, id, 'funded', {
    fund_transfer_id: transferId,
    buyer_ledger_account_id: account.ledger_account_id,
  });
  await recordStep(
    tx,
    deal,
    'funded',
    { type: 'client', side: 'buyer', ...actor },
    {
      amount_minor: deal.amount_minor,
      fees_minor: deal.funding_fee_minor,
    },
  );
}

export async function uploadConditionDocuments(
  tx: Queryable,
  storage: AttachmentStorage,
  ids: { deal: string; condition: string },
  files: readonly CheckedFile[],
  actor: ClientActor,
): Promise<void> {
  const deal = await lockDeal(tx, ids.deal, actor.clientId);
  requireStatus(deal, 'accepted', 'funded', 'disputed');
  const condition = await lockCondition(tx, deal.id, ids.condition);
  const side = sideOf(deal, actor.clientId);
  // The presenter pays the verification of what it uploads (decision 0043): documents from
  // the other side would put that fee on a party that never chose to present them.
  if (condition.presenter !== side)
    throw new AppError('escrow_not_your_step', 'The other party presents this condition', {
      detail: `The ${condition.presenter} presents the documents of this condition.`,
    });
  if (condition.status === 'met')
    throw new AppError('escrow_wrong_status', 'This condition is already met', {
      detail: 'The officer has already found this condition met.',
    });
  const attachmentIds = await storeAttachments(
    tx,
    storage,
    { clientId: actor.clientId, purpose: 'escrow_document', uploadedBy: 'client' },
    files,
  );
  for (const attachmentId of attachmentIds)
    await insertConditionDocument(tx, attachmentId, condition.id, side);
  await markConditionSubmitted(tx, condition.id);
  await recordStep(
    tx,
    deal,
    'documents_uploaded',
    { type: 'client', side, ...actor },
    {
      condition: condition.position,
      files: attachmentIds.length,
    },
  );
}

/** A dispute holds the deal for the officer; the money stays in escrow. */
export async function disputeDeal(
  tx: Queryable,
  id: string,
  reason: string,
  actor: ClientActor,
): Promise<void> {
  const deal = await lockDeal(tx, id, actor.clientId);
  requireStatus(deal, 'funded');
  const side = sideOf(deal, actor.clientId);
  await setDealStatus(tx, id, 'disputed', { dispute_reason: reason });
  await recordStep(tx, deal, 'disputed', { type: 'client', side, ...actor }, { reason });
}

/** One party's consent to refund the buyer; with both, the officer may propose the refund. */
export function refundAgreeable(deal: DealRow): void {
  requireStatus(deal, 'funded', 'disputed');
}

export async function agreeToRefund(tx: Queryable, id: string, actor: ClientActor): Promise<void> {
  const deal = await lockDeal(tx, id, actor.clientId);
  refundAgreeable(deal);
  const side = sideOf(deal, actor.clientId);
  if (side === 'buyer' ? deal.refund_agreed_by_buyer : deal.refund_agreed_by_seller) return;
  await setRefundAgreed(tx, id, side);
  await recordStep(tx, deal, 'refund_agreed', { type: 'client', side, ...actor });
}
