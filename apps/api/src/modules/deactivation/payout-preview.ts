import { type ClientPayoutPlan, planClosing } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { ClientRow } from '../clients';
import { findActiveRecipient } from '../recipients';
import { closingFeeFor, readClientBalances } from './deactivation-rows';
import { preparePayouts, toPayoutPlanLine } from './payout-payments';

// What closing would take and pay out if the balance went to this recipient
// (docs/requirements/deactivation.md): the closing fee, then each account's pay-out with its
// payment fee, planned by the code the approval runs (planClosing, preparePayouts), so the
// client sees before asking what the operator's approval will pay. Nothing is written.
export async function payoutPreview(
  db: Queryable,
  client: ClientRow,
  recipientId: string,
): Promise<ClientPayoutPlan> {
  if (!(await findActiveRecipient(db, client.id, recipientId))) throw notFound('Recipient');
  const fee = closingFeeFor(client);
  const plan = planClosing(await readClientBalances(db, client.id), fee);
  const prepared = await preparePayouts(
    db,
    { client_id: client.id, payout_recipient_id: recipientId },
    plan.remaining,
  );
  return {
    closing_fee: { amount: plan.feeCharged, currency: fee.currency },
    payout_plan: prepared.lines.map(toPayoutPlanLine),
  };
}
