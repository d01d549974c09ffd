import {
  brand,
  countryRegion,
  type DeactivationAccount,
  type DeactivationReason,
  type DeactivationRequest,
  type DeactivationStatus,
  deactivationDueAt,
} from '@bluepeak/core';
import { accountClosingFee } from '@bluepeak/core/fees';
import type { Queryable } from '../../db/database';
import { listClientAccountRows } from '../accounts';
import { getAccounts } from '../ledger';

// The deactivation_requests table (migration 0070) as the services read it, and the facts a
// decision needs: the client's balances from the ledger, money still on its way, the fee.
export type DeactivationRow = {
  id: string;
  client_id: string;
  status: DeactivationStatus;
  reason: DeactivationReason;
  comment: string | null;
  payout_kind: 'recipient' | 'balance_is_zero';
  payout_recipient_id: string | null;
  challenge_id: string | null;
  requested_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
  decision_reason: string | null;
  payout_note: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The client's request that is still open (waiting for its code or for review), if any. */
export async function findOpenRequest(
  db: Queryable,
  clientId: string,
  lock = false,
): Promise<DeactivationRow | undefined> {
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE client_id = $1 AND status IN ('awaiting_confirmation', 'pending')
     ${lock ? 'FOR UPDATE' : ''}`,
    [clientId],
  );
  return row;
}

/** The client's newest request, whatever its state (a rejection stays visible to the client). */
export async function findLatestRequest(
  db: Queryable,
  clientId: string,
): Promise<DeactivationRow | undefined> {
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [clientId],
  );
  return row;
}

export async function findRequestById(
  db: Queryable,
  id: string,
  lock = false,
): Promise<DeactivationRow | undefined> {
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

export async function findRequestForReview(
  db: Queryable,
  clientId: string,
  lock = false,
): Promise<DeactivationRow | undefined> {
  // The newest request that reached review: a retried decision finds the one it decided.
  const [row] = await db.query<DeactivationRow>(
    `SELECT * FROM deactivation_requests WHERE client_id = $1 AND status <> 'awaiting_confirmation'
     AND status <> 'withdrawn' ORDER BY requested_at DESC, id DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [clientId],
  );
  return row;
}

/** What the client's form sets on a request, in the order of the statements' parameters. */
export type RequestFields = {
  clientId: string;
  reason: DeactivationReason;
  comment: string | null;
  payoutKind: DeactivationRow['payout_kind'];
  payoutRecipientId: string | null;
  now: Date;
};

const requestValues = (fields: RequestFields) => [
  fields.clientId,
  fields.reason,
  fields.comment,
  fields.payoutKind,
  fields.payoutRecipientId,
  fields.now,
];

/** The request still waiting for its code, given the form's new answers. */
export async function updateAwaitingRequest(
  tx: Queryable,
  id: string,
  fields: RequestFields,
): Promise<DeactivationRow | undefined> {
  const [row] = await tx.query<DeactivationRow>(
    `UPDATE deactivation_requests SET reason = $2, comment = $3, payout_kind = $4, payout_recipient_id = $5,
           updated_at = $6 WHERE id = $7 RETURNING *`,
    [...requestValues(fields), id],
  );
  return row;
}

export async function insertAwaitingRequest(
  tx: Queryable,
  fields: RequestFields,
): Promise<DeactivationRow | undefined> {
  const [row] = await tx.query<DeactivationRow>(
    `INSERT INTO deactivation_requests (client_id, status, reason, comment, payout_kind, payout_recipient_id,
           created_at, updated_at) VALUES ($1, 'awaiting_confirmation', $2, $3, $4, $5, $6, $6) RETURNING *`,
    requestValues(fields),
  );
  return row;
}

export async function setRequestChallenge(tx: Queryable, id: string, challengeId: string): Promise<void> {
  await tx.query('UPDATE deactivation_requests SET challenge_id = $2 WHERE id = $1', [id, challengeId]);
}

/** The code confirmed: the review clock starts. */
export async function markRequestPending(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE deactivation_requests SET status = 'pending', requested_at = $2, updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}

export async function markRequestWithdrawn(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE deactivation_requests SET status = 'withdrawn', requested_at = coalesce(requested_at, $2),
       decided_at = $2, updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}

export async function markRequestRejected(
  tx: Queryable,
  id: string,
  now: Date,
  operatorId: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `UPDATE deactivation_requests SET status = 'rejected', decided_at = $2, decided_by = $3, decision_reason = $4,
       updated_at = $2 WHERE id = $1`,
    [id, now, operatorId, reason],
  );
}

export async function markRequestPayingOut(
  tx: Queryable,
  id: string,
  operatorId: string,
  note: string | null,
  now: Date,
): Promise<DeactivationRow | undefined> {
  const [paying] = await tx.query<DeactivationRow>(
    `UPDATE deactivation_requests SET status = 'paying_out', decided_by = $2, decision_reason = $3, payout_note = NULL,
       updated_at = $4 WHERE id = $1 RETURNING *`,
    [id, operatorId, note, now],
  );
  return paying;
}

/** The operator's approval, or (no operator) the last pay-out's arrival. */
export async function markRequestApproved(
  tx: Queryable,
  id: string,
  now: Date,
  operatorId: string | null,
  note: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE deactivation_requests SET status = 'approved', decided_at = $2, decided_by = coalesce($3, decided_by),
       decision_reason = coalesce($4, decision_reason), payout_note = NULL, updated_at = $2 WHERE id = $1`,
    [id, now, operatorId, note],
  );
}

/** A pay-out came back (or money arrived meanwhile): the operator decides again. */
export async function returnRequestToReview(
  tx: Queryable,
  id: string,
  note: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE deactivation_requests SET status = 'pending', payout_note = $2, updated_at = $3 WHERE id = $1`,
    [id, note, now],
  );
}

export async function recipientName(db: Queryable, recipientId: string | null): Promise<string | null> {
  if (!recipientId) return null;
  const [row] = await db.query<{ name: string | null }>(
    `SELECT details->>'name' AS name FROM recipients WHERE id = $1`,
    [recipientId],
  );
  return row?.name ?? null;
}

export async function toDeactivationRequest(
  db: Queryable,
  row: DeactivationRow,
): Promise<DeactivationRequest> {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    comment: row.comment,
    payout:
      row.payout_kind === 'recipient' && row.payout_recipient_id
        ? { kind: 'recipient', recipient_id: row.payout_recipient_id }
        : { kind: 'balance_is_zero' },
    payout_recipient_name: await recipientName(db, row.payout_recipient_id),
    requested_at: row.requested_at?.toISOString() ?? null,
    due_at: row.requested_at ? deactivationDueAt(row.requested_at).toISOString() : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_reason: row.decision_reason,
    payout_note: row.payout_note,
    created_at: row.created_at.toISOString(),
  };
}

export type ClosableAccount = DeactivationAccount & { ledgerAccountId: string };

/** The client's accounts with their ledger balances at the moment of the read. */
export async function readClientBalances(db: Queryable, clientId: string): Promise<ClosableAccount[]> {
  const rows = await listClientAccountRows(db, clientId);
  const ledger = await getAccounts(
    db,
    rows.map((row) => row.ledger_account_id),
  );
  const byId = new Map(ledger.map((account) => [account.id, account]));
  return rows.map((row) => {
    const account = byId.get(row.ledger_account_id);
    if (!account) throw new Error(`Client account ${row.id} has no ledger account`);
    return {
      id: row.id,
      currency: row.currency,
      balance: account.balanceMinor,
      available: account.availableMinor,
      ledgerAccountId: row.ledger_account_id,
    };
  });
}

/** The tariff's closing fee for the client's region, in the tariff's currency. */
export function closingFeeFor(client: { country: string }, tariff = brand.tariff) {
  const region = countryRegion(client.country);
  return { amount: accountClosingFee(tariff, region), currency: tariff.currency, region };
}

export const publicAccount = ({ ledgerAccountId: _ledger, ...account }: ClosableAccount) => account;
