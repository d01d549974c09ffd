import type { EscrowCodeRequest } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import { refuseAnswer } from './deal-changes';
import { findChange } from './escrow-change-rows';
import { type DealRow, sideOf } from './escrow-rows';
import { fundableAccount, refundAgreeable } from './party-actions';
import { requireStatus } from './propose-deal';

// Whether a consent step is open to this party now (docs/requirements/escrow.md, "Strong
// authentication"). The one check both asking for the step's code and taking the step run, so a
// code is never sent for a step the caller could not take, and the refusal is the step's own.
export async function checkConsentStep(
  db: Queryable,
  deal: DealRow,
  clientId: string,
  step: EscrowCodeRequest,
): Promise<void> {
  if (step.step === 'fund') {
    await fundableAccount(db, deal, step.account_id, clientId);
    return;
  }
  if (step.step === 'refund_agreement') {
    refundAgreeable(deal);
    return;
  }
  requireStatus(deal, 'accepted', 'funded', 'disputed');
  refuseAnswer(await findChange(db, deal.id, step.change_id), sideOf(deal, clientId), 'accept');
}
