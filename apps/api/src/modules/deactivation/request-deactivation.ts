import {
  type ClientDeactivationView,
  DEACTIVATION_REVIEW_HOURS,
  type DeactivationPayout,
  mayRequestDeactivation,
  type RequestDeactivation,
  requestBlockers,
} from '@bluepeak/core';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { writeAuditEntry } from '../audit';
import { retireChallenge } from '../auth';
import type { ClientRow } from '../clients';
import { type Actor, changeStatus, findClientById } from '../clients';
import { findActiveRecipient } from '../recipients';
import {
  bindingHash,
  claimScaChallenge,
  findChallengeFor,
  issueScaChallenge,
  liveChallengeView,
  verifyScaCode,
} from '../sca';
import { tellClient } from './deactivation-messages';
import { countOpenPayments } from './deactivation-payment-rows';
import {
  closingFeeFor,
  type DeactivationRow,
  findLatestRequest,
  findOpenRequest,
  insertAwaitingRequest,
  markRequestPending,
  markRequestWithdrawn,
  publicAccount,
  type RequestFields,
  readClientBalances,
  setRequestChallenge,
  toDeactivationRequest,
  updateAwaitingRequest,
} from './deactivation-rows';

// The client's side of closing an account (/dashboard/settings/account-deactivation,
// docs/requirements/deactivation.md). Asking stores the request as `awaiting_confirmation` and
// sends a code bound to its reason and pay-out choice; the code makes it `pending` and the client
// DEACTIVATION_REQUESTED, which starts the 24-hour review clock. A request not yet reviewed can be
// withdrawn.

const notApproved = () =>
  new AppError('client_not_approved', 'Only an approved client can ask to close their account');
const blocked = (blockers: string[]) =>
  new AppError('deactivation_blocked', 'The account cannot be closed yet', {
    detail: `Resolve these first: ${blockers.join(', ')}`,
  });

function payoutOf(row: DeactivationRow): DeactivationPayout {
  return row.payout_recipient_id
    ? { kind: 'recipient', recipient_id: row.payout_recipient_id }
    : { kind: 'balance_is_zero' };
}

/** What the code authorises: closing with this reason and this pay-out (RTS art. 5 in spirit). */
function requestBinding(row: DeactivationRow): string {
  return bindingHash({ request_id: row.id, reason: row.reason, comment: row.comment, payout: payoutOf(row) });
}

async function blockersFor(db: Queryable, clientId: string, payout: DeactivationPayout | null) {
  const accounts = await readClientBalances(db, clientId);
  const openPayments = await countOpenPayments(db, clientId);
  return { accounts, blockers: requestBlockers({ accounts, openPayments, payout }) };
}

export async function deactivationView(
  db: Queryable,
  client: ClientRow,
  now: Date,
): Promise<ClientDeactivationView> {
  const latest = await findLatestRequest(db, client.id);
  // A withdrawn request is history; the page starts afresh.
  const request = latest && latest.status !== 'withdrawn' ? latest : undefined;
  const payout =
    request && ['awaiting_confirmation', 'pending'].includes(request.status) ? payoutOf(request) : null;
  const { accounts, blockers: all } = await blockersFor(db, client.id, payout);
  // Before the client has chosen a pay-out, a balance is not a blocker yet: the form asks.
  const blockers =
    request?.status === 'paying_out'
      ? [] // the pay-outs themselves are the open payments and holds: nothing for the client to do
      : payout
        ? all
        : all.filter((blocker) => blocker !== 'balance_without_payout');
  const fee = closingFeeFor(client);
  const sca =
    request?.status === 'awaiting_confirmation'
      ? liveChallengeView(await findChallengeFor(db, client.id, request.challenge_id), now)
      : null;
  return {
    request: request ? await toDeactivationRequest(db, request) : null,
    can_request: mayRequestDeactivation(client),
    accounts: accounts.map(publicAccount),
    closing_fee: { amount: fee.amount, currency: fee.currency },
    blockers,
    review_hours: DEACTIVATION_REVIEW_HOURS,
    sca,
  };
}

/** Stores (or replaces) the request waiting for its code and sends the code. */
export async function startDeactivationRequest(
  tx: Queryable,
  input: { client: ClientRow; body: RequestDeactivation; actor: Actor; now: Date },
): Promise<DeactivationRow> {
  const { client, body } = input;
  if (!mayRequestDeactivation(client)) throw notApproved();
  if (
    body.payout.kind === 'recipient' &&
    !(await findActiveRecipient(tx, client.id, body.payout.recipient_id))
  )
    throw notFound('Recipient');
  const { blockers } = await blockersFor(tx, client.id, body.payout);
  if (blockers.length > 0) throw blocked(blockers);
  const open = await findOpenRequest(tx, client.id, true);
  if (open?.status === 'pending')
    throw new AppError('deactivation_already_requested', 'Your request is already being reviewed');
  const fields: RequestFields = {
    clientId: client.id,
    reason: body.reason,
    comment: body.comment || null,
    payoutKind: body.payout.kind,
    payoutRecipientId: body.payout.kind === 'recipient' ? body.payout.recipient_id : null,
    now: input.now,
  };
  const row = open
    ? await updateAwaitingRequest(tx, open.id, fields)
    : await insertAwaitingRequest(tx, fields);
  if (!row) throw new Error('deactivation request write returned no row');
  const sca = await issueScaChallenge(
    tx,
    client,
    { kind: 'deactivation', objectId: row.id, binding: requestBinding(row) },
    'close your account',
    input.now,
  );
  await setRequestChallenge(tx, row.id, sca.challenge_id);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'deactivation.started',
    objectType: 'deactivation_request',
    objectId: row.id,
    details: { reason: row.reason, payout: row.payout_kind },
  });
  return { ...row, challenge_id: sca.challenge_id };
}

const nothingToConfirm = () =>
  new AppError('nothing_to_confirm', 'There is no request to close the account waiting for a code');

/** The code turns the request into one the back office reviews. */
export async function confirmDeactivationRequest(
  db: Database,
  input: {
    client: ClientRow;
    code: string;
    actor: Actor;
    now: Date;
    totpBox: SecretBox;
    /** Runs last in the confirmation's transaction (the route keeps its answer there). */
    onConfirmed?: (tx: Queryable, challengeId: string) => Promise<void>;
  },
): Promise<void> {
  const open = await findOpenRequest(db, input.client.id);
  if (open?.status !== 'awaiting_confirmation') throw nothingToConfirm();
  const verified = await verifyScaCode(db, {
    client: input.client,
    challengeId: open.challenge_id,
    subject: { kind: 'deactivation', objectId: open.id, binding: requestBinding(open) },
    code: input.code,
    now: input.now,
    totpBox: input.totpBox,
  });
  await withTransaction(db, async (tx) => {
    const locked = await findOpenRequest(tx, input.client.id, true);
    if (locked?.id !== open.id || locked.status !== 'awaiting_confirmation') throw nothingToConfirm();
    if (requestBinding(locked) !== requestBinding(open)) throw nothingToConfirm();
    await claimScaChallenge(tx, verified, input.now);
    // Balances may have moved since the form was sent: the rules are checked again.
    const { blockers } = await blockersFor(tx, input.client.id, payoutOf(locked));
    if (blockers.length > 0) throw blocked(blockers);
    await markRequestPending(tx, locked.id, input.now);
    const client = await lockedClient(tx, input.client.id);
    await changeStatus(tx, client, ['APPROVED'], 'DEACTIVATION_REQUESTED', {
      actor: input.actor,
      now: input.now,
    });
    await writeAuditEntry(tx, {
      ...input.actor,
      action: 'deactivation.requested',
      objectType: 'deactivation_request',
      objectId: locked.id,
      details: { client_id: client.id, reason: locked.reason, payout: locked.payout_kind },
    });
    await tellClient(tx, client, 'requested');
    await input.onConfirmed?.(tx, verified.challengeId);
  });
}

async function lockedClient(tx: Queryable, clientId: string): Promise<ClientRow> {
  const client = await findClientById(tx, clientId, true);
  if (!client) throw new AppError('session_ended', 'Please log in again');
  return client;
}

/** Withdraws the open request: one waiting for its code is dropped, one under review undone. */
export async function withdrawDeactivationRequest(
  tx: Queryable,
  input: { clientId: string; actor: Actor; now: Date },
): Promise<void> {
  const open = await findOpenRequest(tx, input.clientId, true);
  if (!open)
    throw new AppError('no_open_request', 'There is no open request to close the account', {
      detail: 'It may have been decided already',
    });
  await markRequestWithdrawn(tx, open.id, input.now);
  if (open.challenge_id) await retireChallenge(tx, open.challenge_id, input.now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'deactivation.withdrawn',
    objectType: 'deactivation_request',
    objectId: open.id,
    details: { was: open.status },
  });
  if (open.status !== 'pending') return;
  const client = await lockedClient(tx, input.clientId);
  await changeStatus(tx, client, ['DEACTIVATION_REQUESTED'], 'APPROVED', {
    actor: input.actor,
    now: input.now,
  });
  await tellClient(tx, client, 'withdrawn');
}
