import { formatMoney } from '@bluepeak/core';
import type { EscrowCodeRequest } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import type { ClientRow } from '../clients';
import { bindingHash, issueScaChallenge, type ScaChallenge } from '../sca';
import { checkConsentStep } from './consent-checks';
import { findChange } from './escrow-change-rows';
import { type DealRow, lockDeal } from './escrow-rows';

// What a party's consent code is bound to (escrow-consent.ts confirms it): the deal, the step
// and its figures (amount, fees, account, the change), so a code for other figures is refused.

export type ConsentStep = EscrowCodeRequest;

export async function consentBinding(db: Queryable, deal: DealRow, step: ConsentStep) {
  const money = (amount: number) => formatMoney(amount, deal.currency);
  const common = { deal: deal.id, step: step.step, amount: deal.amount_minor, currency: deal.currency };
  if (step.step === 'fund')
    return {
      binding: bindingHash({ ...common, account_id: step.account_id, fees: deal.funding_fee_minor }),
      what: `fund escrow ${deal.reference} with ${money(deal.amount_minor + deal.funding_fee_minor)}`,
    };
  if (step.step === 'refund_agreement')
    return {
      binding: bindingHash(common),
      what: `agree to refund escrow ${deal.reference} (${money(deal.amount_minor)}) to the buyer`,
    };
  const change = await findChange(db, deal.id, step.change_id);
  return {
    binding: bindingHash({
      ...common,
      change: change.id,
      new_amount: change.new_amount_minor,
      new_deadline: change.new_deadline,
      add_conditions: change.add_conditions,
      fee: change.fee_minor,
    }),
    what: `accept a change to escrow ${deal.reference}`,
  };
}

/**
 * Sends the code for one consent; a new code uses up the earlier ones for the deal. A step the
 * party cannot take now gets the step's own refusal and no code.
 */
export async function sendConsentCode(
  tx: Queryable,
  input: { client: ClientRow; dealId: string; step: ConsentStep; now: Date },
): Promise<ScaChallenge> {
  const deal = await lockDeal(tx, input.dealId, input.client.id);
  await checkConsentStep(tx, deal, input.client.id, input.step);
  const { binding, what } = await consentBinding(tx, deal, input.step);
  return issueScaChallenge(tx, input.client, { kind: 'escrow', objectId: deal.id, binding }, what, input.now);
}
