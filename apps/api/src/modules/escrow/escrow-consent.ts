import { formatMoney } from '@bluepeak/core';
import type { EscrowCodeRequest } from '@bluepeak/core/escrow';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { ClientRow } from '../clients';
import {
  bindingHash,
  type ConfirmOutcome,
  claimScaChallenge,
  confirmOnce,
  issueScaChallenge,
  type ScaChallenge,
  verifyScaCode,
} from '../sca';
import { checkConsentStep } from './consent-checks';
import { findChange } from './deal-changes';
import { type DealRow, findDeal, lockDeal } from './escrow-rows';

// Strong authentication where a party consents (docs/requirements/escrow.md): funding, agreeing
// to a refund and accepting a change are confirmed with a one-time code, the payments' own flow
// (modules/sca): the party asks for the code of one step, the code is bound to the deal, the step
// and its figures (amount, fees, account, the change), and the step's request carries the code.
// A retry with the same code or Idempotency-Key gets the first answer.

export type ConsentStep = EscrowCodeRequest;

async function bindingOf(db: Queryable, deal: DealRow, step: ConsentStep) {
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
  const { binding, what } = await bindingOf(tx, deal, input.step);
  return issueScaChallenge(tx, input.client, { kind: 'escrow', objectId: deal.id, binding }, what, input.now);
}

async function latestChallenge(db: Queryable, clientId: string, dealId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM auth_challenges WHERE client_id = $1 AND purpose = 'payment'
       AND context->>'kind' = 'escrow' AND context->>'object_id' = $2
     ORDER BY created_at DESC LIMIT 1`,
    [clientId, dealId],
  );
  return row?.id ?? null;
}

const changedSince = () =>
  new AppError('sca_code_invalid', 'The deal changed after the code was sent; ask for a new code', {
    detail: 'The deal changed after the code was sent; ask for a new code.',
  });

/** Checks the code, then runs the step and builds its answer in one transaction. */
export async function confirmConsent<T>(
  db: Database,
  input: {
    client: ClientRow;
    dealId: string;
    step: ConsentStep;
    code: string;
    idempotencyKey: string | undefined;
    now: () => Date;
    totpBox: SecretBox;
    act: (tx: Queryable) => Promise<void>;
    answerOf: (tx: Queryable) => Promise<T>;
  },
): Promise<ConfirmOutcome<T>> {
  const { client, dealId, step, code } = input;
  return confirmOnce<T>(
    db,
    {
      clientId: client.id,
      action: `escrow-${step.step}`,
      code,
      request: { id: dealId, step, code },
      idempotencyKey: input.idempotencyKey,
      currentChallenge: () => latestChallenge(db, client.id, dealId),
    },
    async (remember) => {
      const deal = await findDeal(db, dealId, client.id);
      // A step that cannot happen now is refused before the code is judged (and counted).
      await checkConsentStep(db, deal, client.id, step);
      const { binding } = await bindingOf(db, deal, step);
      const verified = await verifyScaCode(db, {
        client,
        challengeId: await latestChallenge(db, client.id, deal.id),
        subject: { kind: 'escrow', objectId: deal.id, binding },
        code,
        now: input.now(),
        totpBox: input.totpBox,
      });
      await withTransaction(db, async (tx) => {
        const locked = await lockDeal(tx, dealId, client.id);
        if ((await bindingOf(tx, locked, step)).binding !== binding) throw changedSince();
        await claimScaChallenge(tx, verified, input.now());
        await input.act(tx);
        await remember(tx, verified.challengeId, { status: 200, body: await input.answerOf(tx) });
      });
    },
  );
}
