import { randomBytes } from 'node:crypto';
import { brand, isCurrencyCode } from '@bluepeak/core';
import type { ProposeEscrowInput } from '@bluepeak/core/escrow';
import { escrowFundingFees } from '@bluepeak/core/fees';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findClientAccountByCurrency } from '../accounts';
import { findClientByEmail } from '../clients';
import { type DealRow, lockDeal, setDealStatus } from './escrow-rows';
import { recordStep } from './escrow-steps';

// Opening a deal (docs/requirements/escrow.md): one approved client proposes, naming the other;
// the other accepts or declines. Nothing moves until the buyer funds it.

type ClientActor = { clientId: string; requestId: string; ip: string };

const unprocessable = (code: 'escrow_counterparty_not_found' | 'escrow_invalid', detail: string) =>
  new AppError(code, detail, { detail });

async function findCounterparty(tx: Queryable, input: ProposeEscrowInput['counterparty']): Promise<string> {
  if ('email' in input) {
    const client = await findClientByEmail(tx, input.email);
    if (client?.status === 'APPROVED') return client.id;
  } else {
    const compact = input.account_number.replace(/\s+/g, '').toUpperCase();
    const [row] = await tx.query<{ client_id: string }>(
      `SELECT g.client_id FROM account_groups g JOIN clients c ON c.id = g.client_id
       WHERE (upper(g.iban) = $1 OR g.account_number = $1) AND c.status = 'APPROVED'`,
      [compact],
    );
    if (row) return row.client_id;
  }
  throw unprocessable(
    'escrow_counterparty_not_found',
    'No approved client of ours matches this counterparty.',
  );
}

export async function proposeDeal(
  tx: Queryable,
  input: ProposeEscrowInput,
  actor: ClientActor,
  now: Date,
): Promise<string> {
  if (!isCurrencyCode(input.currency)) throw unprocessable('escrow_invalid', 'Not a currency we know.');
  if (input.currency !== brand.tariff.currency)
    throw unprocessable('escrow_invalid', `Escrow deals are held in ${brand.tariff.currency} only.`);
  if (input.amount <= 0 || input.amount > 100_000_000_000)
    throw unprocessable('escrow_invalid', 'The amount must be above zero and at most 1,000,000,000.00.');
  const deadline = Date.parse(`${input.deadline}T23:59:59Z`);
  if (deadline <= now.getTime() || deadline > now.getTime() + 730 * 86_400_000)
    throw unprocessable('escrow_invalid', 'The deadline must be after today and within two years.');
  const other = await findCounterparty(tx, input.counterparty);
  if (other === actor.clientId)
    throw unprocessable('escrow_invalid', 'The other party must be someone else.');
  const buyer = input.role === 'buyer' ? actor.clientId : other;
  const seller = input.role === 'buyer' ? other : actor.clientId;
  const reference = `ESC-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO escrow_deals (reference, title, buyer_client_id, seller_client_id, proposed_by, amount_minor,
       currency, buyer_deliverables, seller_deliverables, deadline, standard, funding_fee_minor, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
    [
      reference,
      input.title,
      buyer,
      seller,
      input.role,
      input.amount,
      input.currency,
      input.buyer_deliverables,
      input.seller_deliverables,
      input.deadline,
      input.standard,
      escrowFundingFees(brand.tariff, input.amount, input.standard),
      now,
    ],
  );
  if (!row) throw new Error('escrow insert returned no row');
  for (const [index, condition] of input.conditions.entries()) {
    await tx.query(
      'INSERT INTO escrow_conditions (deal_id, position, description, presenter) VALUES ($1, $2, $3, $4)',
      [row.id, index + 1, condition.description, condition.presenter],
    );
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
    },
  );
  return row.id;
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
