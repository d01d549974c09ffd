import type { IncomingPaymentInput, ManualCredit } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import type { FourEyesDecision } from './adjustment-rows';

// Reads and writes of manual credits (manual_credits), as manual-credits.ts runs them.
export type ManualCreditRow = {
  id: string;
  bank_reference: string;
  request: IncomingPaymentInput;
  client_id: string;
  client_email: string;
  amount_minor: number;
  currency: string;
  status: ManualCredit['status'];
  proposer_id: string;
  proposed_by: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  credit_transfer_id: string | null;
};

const SELECT = `SELECT m.id, m.bank_reference, m.request, m.client_id, c.email AS client_email, m.amount_minor,
    m.currency, m.status, m.proposed_by AS proposer_id, p.email AS proposed_by, m.proposed_at,
    d.email AS decided_by, m.decided_at, m.decision_reason, m.credit_transfer_id
  FROM manual_credits m JOIN clients c ON c.id = m.client_id JOIN operators p ON p.id = m.proposed_by
  LEFT JOIN operators d ON d.id = m.decided_by`;

export async function lockManualCredit(tx: Queryable, id: string): Promise<void> {
  await tx.query('SELECT 1 FROM manual_credits WHERE id = $1 FOR UPDATE', [id]);
}

export async function findManualCredit(tx: Queryable, id: string): Promise<ManualCreditRow | undefined> {
  const [row] = await tx.query<ManualCreditRow>(`${SELECT} WHERE m.id = $1`, [id]);
  return row;
}

export async function listManualCreditsByStatus(db: Queryable, status: string, limit: number) {
  return db.query<ManualCreditRow>(
    `${SELECT} WHERE m.status = $1 ORDER BY m.proposed_at DESC, m.id DESC LIMIT $2`,
    [status, limit],
  );
}

/** A manual credit with this bank reference that is pending or approved (a rejected one does not count). */
export async function findOpenManualCredit(tx: Queryable, bankReference: string) {
  const [open] = await tx.query(
    `SELECT 1 FROM manual_credits WHERE bank_reference = $1 AND status <> 'rejected'`,
    [bankReference],
  );
  return open;
}

/** The new credit's id; none when a pending or approved one has the same bank reference. */
export async function insertManualCredit(
  tx: Queryable,
  input: IncomingPaymentInput,
  target: { clientId: string; accountId: string },
  operatorId: string,
  now: Date,
) {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO manual_credits (bank_reference, request, client_id, client_account_id, amount_minor, currency,
       proposed_by, proposed_at) VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (bank_reference) WHERE status <> 'rejected' DO NOTHING RETURNING id`,
    [
      input.bank_reference,
      JSON.stringify(input),
      target.clientId,
      target.accountId,
      input.amount,
      input.currency,
      operatorId,
      now,
    ],
  );
  return row;
}

export async function setManualCreditDecision(
  tx: Queryable,
  id: string,
  decision: FourEyesDecision,
): Promise<void> {
  await tx.query(
    `UPDATE manual_credits SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5,
       credit_transfer_id = $6 WHERE id = $1`,
    [id, decision.status, decision.operatorId, decision.now, decision.reason, decision.transferId],
  );
}
