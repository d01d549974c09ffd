import {
  type IncomingPaymentInput,
  incomingPaymentSchema,
  type ManualCredit,
} from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { IncomingCreditTarget } from '../accounts';
import { writeAuditEntry } from '../audit';
import {
  findManualCredit,
  findOpenManualCredit,
  insertManualCredit,
  listManualCreditsByStatus,
  lockManualCredit,
  type ManualCreditRow,
  setManualCreditDecision,
} from './manual-credit-rows';
import {
  incomingPaymentTarget,
  type OperatorActor,
  type RecordedIncomingPayment,
  recordIncomingPayment,
} from './record-incoming-payment';
import { claimSingleOperatorCredit, type FourEyesReason } from './single-operator-limit';

// A credit typed by hand (four eyes, docs/incoming-money.md): while its operator's and its
// account's rolling 24-hour totals stay within the approval threshold it is booked at once;
// otherwise it waits as a manual credit until a different operator approves it
// (then it is booked, through the same path) or rejects it. The database refuses an approval by
// the maker too (manual_credits_four_eyes).
export type IncomingPaymentAnswer =
  | ({ status: 'booked' } & RecordedIncomingPayment)
  | (ManualCredit & { status: 'pending' });

function toManualCredit(row: ManualCreditRow): ManualCredit {
  return {
    id: row.id,
    bank_reference: row.bank_reference,
    client_id: row.client_id,
    client_email: row.client_email,
    iban: row.request.iban,
    amount: row.amount_minor,
    currency: row.currency,
    payer_name: row.request.payer_name,
    status: row.status,
    proposed_by: row.proposed_by,
    proposed_at: row.proposed_at.toISOString(),
    decided_by: row.decided_by,
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_reason: row.decision_reason,
    credit_transfer_id: row.credit_transfer_id,
  };
}

async function load(tx: Queryable, id: string, lock = false): Promise<ManualCreditRow> {
  if (lock) await lockManualCredit(tx, id);
  const row = await findManualCredit(tx, id);
  if (!row) throw notFound('Manual credit');
  return row;
}

export async function listManualCredits(
  db: Queryable,
  status: string,
  limit: number,
): Promise<ManualCredit[]> {
  const rows = await listManualCreditsByStatus(db, status, limit);
  return rows.map(toManualCredit);
}

const exists = () =>
  new AppError('incoming_payment_exists', 'A payment with this bank reference is already recorded');

/**
 * The route's one entry: books at once while the operator's and the account's rolling totals
 * allow it, or records a pending manual credit for a second operator.
 */
export async function recordOrProposeIncomingPayment(
  tx: Queryable,
  input: IncomingPaymentInput,
  actor: OperatorActor,
  options: { thresholdMinor: number; now: Date },
): Promise<IncomingPaymentAnswer> {
  const open = await findOpenManualCredit(tx, input.bank_reference);
  if (open) throw exists();
  // The same checks as a booking first, so a proposal that could never be booked is refused now.
  const target = await incomingPaymentTarget(tx, input);
  const verdict = await claimSingleOperatorCredit(
    tx,
    {
      kind: 'incoming_payment',
      reference: input.bank_reference,
      operatorId: actor.operatorId,
      clientAccountId: target.accountId,
      amountMinor: input.amount,
      currency: input.currency,
    },
    options,
  );
  if (verdict.alone)
    return {
      status: 'booked',
      ...(await recordIncomingPayment(tx, input, actor, { target, countedEurMinor: verdict.eurMinor })),
    };
  return propose(tx, input, target, actor, { now: options.now, fourEyes: verdict.fourEyes });
}

async function propose(
  tx: Queryable,
  input: IncomingPaymentInput,
  target: IncomingCreditTarget,
  actor: OperatorActor,
  options: { now: Date; fourEyes: FourEyesReason },
): Promise<IncomingPaymentAnswer> {
  const row = await insertManualCredit(tx, input, target, actor.operatorId, options.now);
  // Another operator entered the same bank reference at the same moment.
  if (!row) throw exists();
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action: 'operator.incoming_payment_proposed',
    objectType: 'client',
    objectId: target.clientId,
    details: {
      manual_credit_id: row.id,
      bank_reference: input.bank_reference,
      amount_minor: input.amount,
      currency: input.currency,
      payer_name: input.payer_name,
      account_id: target.accountId,
      four_eyes: options.fourEyes,
    },
  });
  return { ...toManualCredit(await load(tx, row.id)), status: 'pending' };
}

export async function decideManualCredit(
  tx: Queryable,
  id: string,
  decision: { approve: boolean; reason: string | undefined },
  actor: OperatorActor,
  now: Date,
): Promise<ManualCredit> {
  const row = await load(tx, id, true);
  if (row.status !== 'pending')
    throw new AppError('manual_credit_decided', 'This credit has already been decided');
  if (decision.approve && row.proposer_id === actor.operatorId)
    throw new AppError('four_eyes_required', 'A different operator must approve your credit');
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', { detail: 'Say why it is rejected.' });
  // The stored request is parsed again: what is booked is exactly what the maker entered.
  const booked = decision.approve
    ? await recordIncomingPayment(tx, incomingPaymentSchema.parse(row.request), actor)
    : null;
  await setManualCreditDecision(tx, id, {
    status: booked ? 'approved' : 'rejected',
    operatorId: actor.operatorId,
    now,
    reason: decision.reason ?? null,
    transferId: booked?.credit_transfer_id ?? null,
  });
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action: booked ? 'operator.incoming_payment_approved' : 'operator.incoming_payment_rejected',
    objectType: 'client',
    objectId: row.client_id,
    details: {
      manual_credit_id: id,
      bank_reference: row.bank_reference,
      amount_minor: row.amount_minor,
      currency: row.currency,
      proposed_by: row.proposed_by,
      reason: decision.reason ?? null,
      transfer_id: booked?.credit_transfer_id ?? null,
    },
  });
  return toManualCredit(await load(tx, id));
}
