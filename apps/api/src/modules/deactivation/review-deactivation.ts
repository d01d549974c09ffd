import { approvalBlockers, type DeactivationStatus, describeUnpayable, planClosing } from '@bluepeak/core';
import type { Tariff } from '@bluepeak/core/brand';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { endAllSessions } from '../auth';
import { type ClientRow, changeStatus, findClientById } from '../clients';
import { closeAccounts } from './close-accounts';
import { chargeClosingFee } from './closing-fee';
import { tellClient } from './deactivation-messages';
import { countOpenPayments } from './deactivation-payment-rows';
import {
  type ClosableAccount,
  closingFeeFor,
  type DeactivationRow,
  findRequestForReview,
  markRequestPayingOut,
  markRequestRejected,
  readClientBalances,
} from './deactivation-rows';
import { finishIfPaidOut } from './payout-outcome';
import { makePayouts, type PreparedPayouts, preparePayouts } from './payout-payments';

// The operator's side (docs/requirements/deactivation.md): a pending request is approved or
// rejected, each in one transaction, each idempotent: the same decision again answers as the first
// did and changes nothing; the other decision is a 409. Approving charges the closing fee through
// the ledger; with nothing left it closes at once (close-accounts.ts). With money left it pays each
// account's balance out to the client's chosen recipient and waits in `paying_out`: the pay-outs'
// arrival closes (payout-outcome.ts). Money that cannot go there blocks approval.
export type Reviewer = { operatorId: string; requestId: string; ip: string; now: Date };
export type Decision = {
  /** The client's status after the decision. */
  status: 'DEACTIVATED' | 'APPROVED' | 'DEACTIVATION_REQUESTED';
  request_id: string;
  request_status: DeactivationStatus;
};

function decision(requestId: string, requestStatus: DeactivationStatus): Decision {
  const status =
    requestStatus === 'approved'
      ? 'DEACTIVATED'
      : requestStatus === 'rejected'
        ? 'APPROVED'
        : 'DEACTIVATION_REQUESTED';
  return { status, request_id: requestId, request_status: requestStatus };
}

const actorOf = (reviewer: Reviewer) => operatorActor(reviewer);

async function requestToDecide(tx: Queryable, clientId: string): Promise<DeactivationRow> {
  const request = await findRequestForReview(tx, clientId, true);
  if (!request) throw notFound('Deactivation request');
  return request;
}

const alreadyDecided = (request: DeactivationRow) =>
  request.status === 'paying_out'
    ? new AppError('deactivation_paying_out', 'This request was approved and its balance is being paid out')
    : new AppError('deactivation_already_decided', `This request was already ${request.status}`);

export async function approveDeactivation(
  tx: Queryable,
  clientId: string,
  reviewer: Reviewer,
  options: { tariff?: Tariff; note?: string | undefined } = {},
): Promise<Decision> {
  const request = await requestToDecide(tx, clientId);
  if (request.status === 'approved') return decision(request.id, 'approved');
  if (request.status === 'paying_out') return decision(request.id, 'paying_out');
  if (request.status !== 'pending') throw alreadyDecided(request);
  const client = await findClientById(tx, clientId, true);
  if (!client) throw notFound('Client');
  const fee = closingFeeFor(client, options.tariff);
  const before = await readClientBalances(tx, clientId);
  const openPayments = await countOpenPayments(tx, clientId);
  const plan = planClosing(before, fee);
  const prepared = await preparePayouts(tx, request, plan.remaining);
  const blockers = approvalBlockers({ accounts: before, openPayments, payouts: prepared.lines });
  if (blockers.length > 0)
    throw new AppError('deactivation_blocked', 'The accounts cannot be closed yet', {
      detail: [`Resolve these first: ${blockers.join(', ')}`, ...describeUnpayable(prepared.lines)].join(
        '. ',
      ),
    });
  const feeAccount = before.find((account) => account.currency === fee.currency);
  if (feeAccount && plan.feeCharged > 0)
    await chargeClosingFee(tx, {
      clientId,
      ledgerAccountId: feeAccount.ledgerAccountId,
      amountMinor: plan.feeCharged,
      waivedMinor: plan.feeWaived,
      currency: fee.currency,
      region: fee.region,
      now: reviewer.now,
    });
  const feeDetails = {
    closing_fee_minor: plan.feeCharged,
    closing_fee_waived_minor: plan.feeWaived,
    currency: fee.currency,
  };
  if (prepared.lines.length === 0) {
    await closeAccounts(tx, {
      request,
      client,
      actor: actorOf(reviewer),
      now: reviewer.now,
      operatorId: reviewer.operatorId,
      note: options.note,
      audit: { action: 'operator.deactivation_approved', details: feeDetails },
    });
    return decision(request.id, 'approved');
  }
  return startPayingOut(tx, {
    request,
    client,
    reviewer,
    note: options.note,
    prepared,
    accounts: before,
    feeDetails,
  });
}

/** Approval with money left: the request waits in `paying_out` while the pay-outs travel. */
async function startPayingOut(
  tx: Queryable,
  input: {
    request: DeactivationRow;
    client: ClientRow;
    reviewer: Reviewer;
    note: string | undefined;
    prepared: PreparedPayouts;
    accounts: ClosableAccount[];
    feeDetails: Record<string, number | string>;
  },
): Promise<Decision> {
  const { request, client, reviewer } = input;
  const paying = await markRequestPayingOut(
    tx,
    request.id,
    reviewer.operatorId,
    input.note ?? null,
    reviewer.now,
  );
  if (!paying) throw new Error(`deactivation request ${request.id} vanished`);
  const paymentIds = await makePayouts(tx, {
    prepared: input.prepared,
    client,
    request: paying,
    accounts: input.accounts,
    actor: actorOf(reviewer),
    now: reviewer.now,
  });
  await writeAuditEntry(tx, {
    ...actorOf(reviewer),
    action: 'operator.deactivation_payout_started',
    objectType: 'client',
    objectId: client.id,
    details: { request_id: request.id, payment_ids: paymentIds, ...input.feeDetails },
  });
  // Internal pay-outs arrive at once: if they were all, the accounts close in this transaction.
  const status = await finishIfPaidOut(tx, paying, actorOf(reviewer), reviewer.now);
  if (status === 'paying_out') {
    // The client cannot act on its accounts any more; what remains is the pay-out's arrival.
    await endAllSessions(tx, { type: 'client', id: client.id }, 'revoked', reviewer.now);
    await tellClient(tx, client, 'paying_out');
  }
  return decision(request.id, status);
}

export async function rejectDeactivation(
  tx: Queryable,
  clientId: string,
  reason: string,
  reviewer: Reviewer,
): Promise<Decision> {
  const request = await requestToDecide(tx, clientId);
  if (request.status === 'rejected') return decision(request.id, 'rejected');
  if (request.status !== 'pending') throw alreadyDecided(request);
  const client = await findClientById(tx, clientId, true);
  if (!client) throw notFound('Client');
  await markRequestRejected(tx, request.id, reviewer.now, reviewer.operatorId, reason);
  await changeStatus(tx, client, ['DEACTIVATION_REQUESTED'], 'APPROVED', {
    actor: actorOf(reviewer),
    now: reviewer.now,
    reason,
  });
  await writeAuditEntry(tx, {
    ...actorOf(reviewer),
    action: 'operator.deactivation_rejected',
    objectType: 'client',
    objectId: clientId,
    details: { request_id: request.id, reason },
  });
  await tellClient(tx, client, 'rejected', reason);
  return decision(request.id, 'rejected');
}
