import { formatMoney } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import type { Actor } from '../clients';
import { findClientById } from '../clients';
import type { PaymentRow } from '../payments';
import { closeAccounts } from './close-accounts';
import { tellClient } from './deactivation-messages';
import { countOpenPayouts } from './deactivation-payment-rows';
import {
  type DeactivationRow,
  findRequestById,
  readClientBalances,
  returnRequestToReview,
} from './deactivation-rows';

// Where a closing's pay-out ends (docs/requirements/deactivation.md). Payments' payoutResolvedHook
// runs it (key `deactivation`, module-hooks.ts) in the transaction that resolves the payment (the
// rail's answer in applyRailAnswer, a cancel or void in stopUnsentPayment): the last pay-out to arrive closes the accounts; one that comes back
// (rejected, returned, cancelled) has put the money back, so the request returns to the operator
// with a note.

/** Moves the request on after one of its pay-outs reached `payment.status`. */
export async function onPayoutResolved(tx: Queryable, payment: PaymentRow, actor: Actor): Promise<void> {
  if (!payment.deactivation_request_id) return;
  const request = await findRequestById(tx, payment.deactivation_request_id, true);
  if (request?.status !== 'paying_out') return;
  const now = new Date();
  if (payment.status === 'completed') {
    await finishIfPaidOut(tx, request, actor, now);
    return;
  }
  const amount = formatMoney(payment.amount_minor, payment.currency);
  const why = payment.status_reason ? `: ${payment.status_reason}` : '';
  await backToReview(
    tx,
    request,
    actor,
    now,
    `The pay-out of ${amount} was ${payment.status}${why}`.slice(0, 500),
  );
}

/**
 * Closes when no pay-out of the request is still on its way and every balance is zero. Money
 * that arrived during the pay-out (a credit) sends the request back to the operator instead.
 */
export async function finishIfPaidOut(
  tx: Queryable,
  request: DeactivationRow,
  actor: Actor,
  now: Date,
): Promise<DeactivationRow['status']> {
  if ((await countOpenPayouts(tx, request.id)) > 0) return 'paying_out';
  const balances = await readClientBalances(tx, request.client_id);
  if (balances.some((account) => account.balance !== 0 || account.available !== 0)) {
    await backToReview(
      tx,
      request,
      actor,
      now,
      'Money arrived in the accounts while the balance was paid out; approve again to pay it out',
    );
    return 'pending';
  }
  const client = await findClientById(tx, request.client_id, true);
  if (!client) throw new Error(`deactivation request ${request.id} has no client`);
  await closeAccounts(tx, {
    request,
    client,
    actor,
    now,
    operatorId: actor.actorType === 'operator' ? (actor.actorId ?? null) : null,
    audit: { action: 'deactivation.closed_after_payout', details: {} },
  });
  return 'approved';
}

async function backToReview(
  tx: Queryable,
  request: DeactivationRow,
  actor: Actor,
  now: Date,
  note: string,
): Promise<void> {
  await returnRequestToReview(tx, request.id, note, now);
  await writeAuditEntry(tx, {
    ...actor,
    action: 'deactivation.payout_failed',
    objectType: 'deactivation_request',
    objectId: request.id,
    details: { client_id: request.client_id, note },
  });
  const client = await findClientById(tx, request.client_id);
  if (client) await tellClient(tx, client, 'payout_returned', note);
}
