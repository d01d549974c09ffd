import type { Database, Queryable } from '../../db/database';
import type { ClientRow } from '../clients';
import {
  type CodeConfirmation,
  type ConfirmOutcome,
  changedSinceCode,
  confirmByCode,
  latestChallengeFor,
} from '../sca';
import { checkConsentStep } from './consent-checks';
import { type ConsentStep, consentBinding } from './consent-code';
import { findDeal, lockDeal } from './escrow-rows';

// Strong authentication where a party consents (docs/requirements/escrow.md): funding, agreeing
// to a refund and accepting a change are confirmed with a one-time code, the payments' own flow
// (modules/sca): the party asks for the code of one step, the code is bound to the deal, the step
// and its figures (amount, fees, account, the change), and the step's request carries the code.
// A retry with the same code or Idempotency-Key gets the first answer.

/** Checks the code, then runs the step and builds its answer in one transaction. */
export async function confirmConsent<T>(
  db: Database,
  input: CodeConfirmation & {
    client: ClientRow;
    dealId: string;
    step: ConsentStep;
    act: (tx: Queryable) => Promise<void>;
    answerOf: (tx: Queryable) => Promise<T>;
  },
): Promise<ConfirmOutcome<T>> {
  const { client, dealId, step, code } = input;
  return confirmByCode(db, input, {
    action: `escrow-${step.step}`,
    id: dealId,
    request: { id: dealId, step, code },
    currentChallenge: () => latestChallengeFor(db, client.id, { kind: 'escrow', objectId: dealId }),
    expect: async () => {
      const deal = await findDeal(db, dealId, client.id);
      // A step that cannot happen now is refused before the code is judged (and counted).
      await checkConsentStep(db, deal, client.id, step);
      const { binding } = await consentBinding(db, deal, step);
      return {
        challengeId: await latestChallengeFor(db, client.id, { kind: 'escrow', objectId: deal.id }),
        subject: { kind: 'escrow', objectId: deal.id, binding },
      };
    },
    lock: async (tx, binding) => {
      const locked = await lockDeal(tx, dealId, client.id);
      if ((await consentBinding(tx, locked, step)).binding !== binding) throw changedSinceCode('deal');
    },
    act: async (tx) => {
      await input.act(tx);
      return input.answerOf(tx);
    },
  });
}
