import { randomBytes } from 'node:crypto';
import { isCurrencyCode } from '@bluepeak/core';
import type { ProposeEscrowInput } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findClientAccountByCurrency } from '../accounts';
import { findClientByEmail } from '../clients';
import { insertCondition } from './escrow-condition-rows';
import { findApprovedClientByAccount } from './escrow-counterparty-rows';
import { feeRateForNewDeal, fundingFeesFor } from './escrow-fees';
import { type DealRow, insertDeal, lockDeal, setDealStatus } from './escrow-rows';
import { recordStep } from './escrow-steps';
import { resolveOutsideSeller } from './outside-seller';

// Opening a deal (docs/requirements/escrow.md): one approved client proposes, naming the other;
// the other accepts or declines. Nothing moves until the buyer funds it.

type ClientActor = { clientId: string; requestId: string; ip: string };

/** A refused proposal, naming the field it is about so the form can mark it. */
const unprocessable = (
  code: 'escrow_counterparty_not_found' | 'escrow_invalid',
  detail: string,
  field: 'counterparty' | 'currency' | 'amount' | 'deadline',
) => new AppError(code, detail, { detail, errors: [{ field: `body.${field}`, code, message: detail }] });

type ClientCounterparty = Exclude<ProposeEscrowInput['counterparty'], { outside: unknown }>;

async function findCounterparty(tx: Queryable, input: ClientCounterparty): Promise<string> {
  if ('email' in input) {
    const client = await findClientByEmail(tx, input.email);
    if (client?.status === 'APPROVED') return client.id;
  } else {
    const compact = input.account_number.replace(/\s+/g, '').toUpperCase();
    const row = await findApprovedClientByAccount(tx, compact);
    if (row) return row.client_id;
  }
  throw unprocessable(
    'escrow_counterparty_not_found',
    'No approved client of ours matches this counterparty.',
    'counterparty',
  );
}

export async function proposeDeal(
  tx: Queryable,
  input: ProposeEscrowInput,
  actor: ClientActor,
  now: Date,
): Promise<string> {
  // A deal is held in any currency the proposer holds an account in (the buyer funds from it,
  // the seller is paid into it); the tariff's EUR fees are converted (escrow-fees.ts).
  if (!isCurrencyCode(input.currency))
    throw unprocessable('escrow_invalid', 'Not a currency we know.', 'currency');
  if (!(await findClientAccountByCurrency(tx, actor.clientId, input.currency)))
    throw unprocessable('escrow_invalid', `You hold no ${input.currency} account to deal in.`, 'currency');
  checkAmount(input.amount);
  checkDeadline(input.deadline, now);
  const outside = 'outside' in input.counterparty ? input.counterparty.outside : null;
  const resolved = outside ? await resolveOutsideSeller(tx, input, outside, actor.clientId) : null;
  const other = outside ? null : await findCounterparty(tx, input.counterparty as ClientCounterparty);
  if (other === actor.clientId)
    throw unprocessable('escrow_invalid', 'The other party must be someone else.', 'counterparty');
  const buyer = input.role === 'buyer' ? actor.clientId : (other as string);
  const seller = input.role === 'buyer' ? other : actor.clientId;
  const reference = `ESC-${randomBytes(4).toString('hex').toUpperCase()}`;
  const feeRate = await feeRateForNewDeal(tx, input.currency);
  const row = await insertDeal(tx, {
    reference,
    title: input.title,
    buyerClientId: buyer,
    sellerClientId: seller,
    proposedBy: input.role,
    amountMinor: input.amount,
    currency: input.currency,
    buyerDeliverables: input.buyer_deliverables,
    sellerDeliverables: input.seller_deliverables,
    deadline: input.deadline,
    standard: input.standard,
    fundingFeeMinor: fundingFeesFor(input.amount, input.standard, feeRate, input.currency),
    now,
    outsideSeller: resolved ? JSON.stringify(resolved.payee) : null,
    outsidePaymentType: resolved?.type ?? null,
    feeRate,
    // A seller outside the institution has no dashboard to accept in: the buyer's proposal stands.
    status: resolved ? 'accepted' : 'proposed',
  });
  if (!row) throw new Error('escrow insert returned no row');
  for (const [index, condition] of input.conditions.entries()) {
    await insertCondition(tx, row.id, index + 1, condition);
  }
  const deal = await lockDeal(tx, row.id);
  await recordStep(
    tx,
    deal,
    'proposed',
    { type: 'client', side: input.role, ...actor },
    {
      amount_minor: input.amount,
      currency: input.currency,
      outside_seller: resolved ? (resolved.payee.name ?? null) : null,
    },
  );
  return row.id;
}

export function checkAmount(amount: number) {
  if (amount <= 0 || amount > 100_000_000_000)
    throw unprocessable(
      'escrow_invalid',
      'The amount must be above zero and at most 1,000,000,000.00.',
      'amount',
    );
}

export function checkDeadline(date: string, now: Date) {
  const deadline = Date.parse(`${date}T23:59:59Z`);
  if (deadline <= now.getTime() || deadline > now.getTime() + 730 * 86_400_000)
    throw unprocessable(
      'escrow_invalid',
      'The deadline must be today or later, and within two years.',
      'deadline',
    );
}

function requireStatus(deal: DealRow, ...allowed: DealRow['status'][]) {
  if (!allowed.includes(deal.status))
    throw new AppError('escrow_wrong_status', `This deal is ${deal.status}`, {
      detail: `The deal is ${deal.status}; this step is not open now.`,
    });
}

/** The other party answers a proposal; the proposer may only withdraw it. */
export async function answerProposal(
  tx: Queryable,
  id: string,
  answer: 'accept' | 'decline' | 'cancel',
  actor: ClientActor,
): Promise<void> {
  const deal = await lockDeal(tx, id, actor.clientId);
  requireStatus(deal, 'proposed');
  const side = deal.buyer_client_id === actor.clientId ? 'buyer' : 'seller';
  const isProposer = side === deal.proposed_by;
  if (answer === 'cancel' ? !isProposer : isProposer)
    throw new AppError('escrow_not_your_step', 'The other party answers this proposal', {
      detail:
        answer === 'cancel'
          ? 'Only the party that proposed the deal may withdraw it.'
          : 'The party that proposed the deal cannot answer it.',
    });
  if (answer === 'accept' && side === 'buyer') {
    // The buyer must hold an account in the deal's currency to fund it.
    const account = await findClientAccountByCurrency(tx, actor.clientId, deal.currency);
    if (!account) throw new AppError('account_not_found', `You have no ${deal.currency} account`);
  }
  const status = answer === 'accept' ? 'accepted' : answer === 'decline' ? 'declined' : 'cancelled';
  await setDealStatus(tx, id, status);
  await recordStep(tx, deal, status, { type: 'client', side, ...actor });
}

export { requireStatus };
