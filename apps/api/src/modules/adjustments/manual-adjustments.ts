import type { ProposeAdjustmentInput } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { accountLabel, findClientAccountByCurrency } from '../accounts';
import { writeAuditEntry } from '../audit';
import { systemAccountId, transferOrRefuse } from '../ledger';
import {
  type AdjustmentRow,
  findAdjustment,
  insertAdjustment,
  listAdjustmentsByStatus,
  lockAdjustment,
  setAdjustmentDecision,
} from './adjustment-rows';
import type { OperatorActor } from './record-incoming-payment';

// Manual adjustments with four eyes (docs/requirements/back-office.md, docs/reliability.md, T8): a
// maker proposes a credit or debit of a client's balance with a written reason; a different
// operator (the checker) approves it, and only then does a ledger transfer against the suspense
// account move money. The database refuses an approval by the maker too
// (manual_adjustments_four_eyes).
export type Adjustment = {
  id: string;
  client_id: string;
  client_email: string;
  currency: string;
  direction: 'credit' | 'debit';
  amount: number;
  reason: string;
  status: 'proposed' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
  /** The client's account it moves, by name and IBAN. */
  account_label: string;
};

function toAdjustment(row: AdjustmentRow): Adjustment {
  const {
    amount_minor,
    proposer_id: _p,
    client_account_id: _c,
    ledger_account_id: _l,
    account_name,
    account_iban,
    ...rest
  } = row;
  return {
    ...rest,
    amount: amount_minor,
    account_label: accountLabel({ name: account_name, currency: row.currency, iban: account_iban }),
    proposed_at: row.proposed_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

async function loadForUpdate(tx: Queryable, id: string): Promise<AdjustmentRow> {
  await lockAdjustment(tx, id);
  const row = await findAdjustment(tx, id);
  if (!row) throw notFound('Adjustment');
  return row;
}

export async function listAdjustments(db: Queryable, status: string, limit: number): Promise<Adjustment[]> {
  const rows = await listAdjustmentsByStatus(db, status, limit);
  return rows.map(toAdjustment);
}

export async function proposeAdjustment(
  tx: Queryable,
  input: ProposeAdjustmentInput,
  actor: OperatorActor,
  now: Date,
): Promise<Adjustment> {
  const account = await findClientAccountByCurrency(tx, input.client_id, input.currency);
  if (!account)
    throw new AppError('account_not_found', 'The client has no account in this currency', {
      detail: 'The client has no account in this currency to adjust.',
    });
  const id = await insertAdjustment(tx, {
    clientId: input.client_id,
    accountId: account.id,
    currency: input.currency,
    direction: input.direction,
    amount: input.amount,
    reason: input.reason,
    operatorId: actor.operatorId,
    now,
  });
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action: 'operator.adjustment_proposed',
    objectType: 'client',
    objectId: input.client_id,
    details: {
      adjustment_id: id,
      direction: input.direction,
      amount_minor: input.amount,
      currency: input.currency,
      reason: input.reason,
    },
  });
  return toAdjustment(await loadForUpdate(tx, id));
}

export async function decideAdjustment(
  tx: Queryable,
  id: string,
  decision: { approve: boolean; reason: string | undefined },
  actor: OperatorActor,
  now: Date,
): Promise<Adjustment> {
  const row = await loadForUpdate(tx, id);
  if (row.status !== 'proposed')
    throw new AppError('adjustment_decided', 'This adjustment has already been decided');
  if (decision.approve && row.proposer_id === actor.operatorId)
    throw new AppError('four_eyes_required', 'A different operator must approve your adjustment');
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', { detail: 'Say why it is rejected.' });
  const transferId = decision.approve ? await postAdjustment(tx, row) : null;
  await setAdjustmentDecision(tx, id, {
    status: decision.approve ? 'approved' : 'rejected',
    operatorId: actor.operatorId,
    now,
    reason: decision.reason ?? null,
    transferId,
  });
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action: decision.approve ? 'operator.adjustment_approved' : 'operator.adjustment_rejected',
    objectType: 'client',
    objectId: row.client_id,
    details: {
      adjustment_id: id,
      direction: row.direction,
      amount_minor: row.amount_minor,
      currency: row.currency,
      proposed_by: row.proposed_by,
      reason: decision.reason ?? null,
      transfer_id: transferId,
    },
  });
  return toAdjustment(await loadForUpdate(tx, id));
}

/** The adjustment's ledger transfer: suspense to the client for a credit, the reverse for a debit. */
async function postAdjustment(tx: Queryable, row: AdjustmentRow): Promise<string> {
  const suspense = systemAccountId(row.currency, 'suspense');
  const credit = row.direction === 'credit';
  const transferId = `adj:${row.id}`;
  await transferOrRefuse(
    tx,
    [
      {
        kind: 'posted',
        id: transferId,
        debitAccountId: credit ? suspense : row.ledger_account_id,
        creditAccountId: credit ? row.ledger_account_id : suspense,
        amountMinor: row.amount_minor,
        currency: row.currency,
        code: 'manual_adjustment',
        referenceType: 'manual_adjustment',
        referenceId: row.id,
      },
    ],
    {
      exceedsCredits: {
        message: 'The client balance does not cover this debit',
        detail: 'The client’s available balance is lower than this debit.',
      },
    },
    `The ledger refused adjustment ${row.id}`,
  );
  return transferId;
}
