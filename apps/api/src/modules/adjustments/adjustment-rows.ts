import type { Queryable } from '../../db/database';

// Reads and writes of manual adjustments (manual_adjustments), as manual-adjustments.ts runs them.
export type AdjustmentRow = {
  id: string;
  client_id: string;
  client_email: string;
  currency: string;
  direction: 'credit' | 'debit';
  amount_minor: number;
  reason: string;
  status: 'proposed' | 'approved' | 'rejected';
  proposed_by: string;
  proposer_id: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  transfer_id: string | null;
  client_account_id: string;
  ledger_account_id: string;
  account_name: string;
  account_iban: string;
};

const SELECT = `SELECT m.id, m.client_id, c.email AS client_email, m.currency, m.direction, m.amount_minor, m.reason,
    m.status, p.email AS proposed_by, m.proposed_by AS proposer_id, m.proposed_at, d.email AS decided_by,
    m.decided_at, m.decision_reason, m.transfer_id, m.client_account_id, a.ledger_account_id,
    a.name AS account_name, g.iban AS account_iban
  FROM manual_adjustments m
  JOIN clients c ON c.id = m.client_id
  JOIN client_accounts a ON a.id = m.client_account_id
  JOIN account_groups g ON g.id = a.group_id
  JOIN operators p ON p.id = m.proposed_by
  LEFT JOIN operators d ON d.id = m.decided_by`;

export async function lockAdjustment(tx: Queryable, id: string): Promise<void> {
  await tx.query('SELECT 1 FROM manual_adjustments WHERE id = $1 FOR UPDATE', [id]);
}

export async function findAdjustment(tx: Queryable, id: string): Promise<AdjustmentRow | undefined> {
  const [row] = await tx.query<AdjustmentRow>(`${SELECT} WHERE m.id = $1`, [id]);
  return row;
}

export async function listAdjustmentsByStatus(db: Queryable, status: string, limit: number) {
  return db.query<AdjustmentRow>(
    `${SELECT} WHERE m.status = $1 ORDER BY m.proposed_at DESC, m.id DESC LIMIT $2`,
    [status, limit],
  );
}

export async function insertAdjustment(
  tx: Queryable,
  adjustment: {
    clientId: string;
    accountId: string;
    currency: string;
    direction: 'credit' | 'debit';
    amount: number;
    reason: string;
    operatorId: string;
    now: Date;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO manual_adjustments (client_id, client_account_id, currency, direction, amount_minor, reason,
       proposed_by, proposed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      adjustment.clientId,
      adjustment.accountId,
      adjustment.currency,
      adjustment.direction,
      adjustment.amount,
      adjustment.reason,
      adjustment.operatorId,
      adjustment.now,
    ],
  );
  if (!row) throw new Error('adjustment insert returned no row');
  return row.id;
}

/** A second operator's decision on a four-eyes proposal (an adjustment, a manual credit). */
export type FourEyesDecision = {
  status: 'approved' | 'rejected';
  operatorId: string;
  now: Date;
  reason: string | null;
  transferId: string | null;
};

export async function setAdjustmentDecision(
  tx: Queryable,
  id: string,
  decision: FourEyesDecision,
): Promise<void> {
  await tx.query(
    `UPDATE manual_adjustments SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5, transfer_id = $6
     WHERE id = $1`,
    [id, decision.status, decision.operatorId, decision.now, decision.reason, decision.transferId],
  );
}
