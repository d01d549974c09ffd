import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';

// Changes asked of a running deal (escrow_changes), each with the fee held from its requester.
export type NewCondition = { description: string; presenter: 'buyer' | 'seller' };

export type ChangeRow = {
  id: string;
  deal_id: string;
  requested_by: 'buyer' | 'seller';
  status: 'proposed' | 'accepted' | 'declined' | 'withdrawn';
  new_amount_minor: number | null;
  new_deadline: string | null;
  add_conditions: NewCondition[];
  reason: string;
  fee_minor: number;
  created_at: Date;
  decided_at: Date | null;
};

const SELECT_CHANGE = `SELECT id, deal_id, requested_by, status, new_amount_minor::float8 AS new_amount_minor,
  to_char(new_deadline, 'YYYY-MM-DD') AS new_deadline, add_conditions, reason, fee_minor::float8 AS fee_minor,
  created_at, decided_at FROM escrow_changes`;

export async function listChanges(db: Queryable, dealId: string): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(`${SELECT_CHANGE} WHERE deal_id = $1 ORDER BY created_at, id`, [dealId]);
}

export async function findChange(db: Queryable, dealId: string, changeId: string, lock = false) {
  const [row] = await db.query<ChangeRow>(
    `${SELECT_CHANGE} WHERE deal_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [dealId, changeId],
  );
  if (!row) throw notFound('Change');
  return row;
}

export async function openChangeExists(tx: Queryable, dealId: string): Promise<boolean> {
  const [open] = await tx.query("SELECT 1 FROM escrow_changes WHERE deal_id = $1 AND status = 'proposed'", [
    dealId,
  ]);
  return open !== undefined;
}

export async function insertChange(
  tx: Queryable,
  change: {
    dealId: string;
    requestedBy: 'buyer' | 'seller';
    newAmountMinor: number | null;
    newDeadline: string | null;
    /** The conditions to add, as JSON. */
    addConditions: string;
    reason: string;
    feeMinor: number;
    feeLedgerAccountId: string;
    now: Date;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO escrow_changes (deal_id, requested_by, new_amount_minor, new_deadline, add_conditions, reason,
       fee_minor, fee_ledger_account_id, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) RETURNING id`,
    [
      change.dealId,
      change.requestedBy,
      change.newAmountMinor,
      change.newDeadline,
      change.addConditions,
      change.reason,
      change.feeMinor,
      change.feeLedgerAccountId,
      change.now,
    ],
  );
  return row;
}

/** The answer to a change, with the transfer that charged or gave back its fee. */
export async function setChangeAnswer(
  tx: Queryable,
  id: string,
  status: 'accepted' | 'declined' | 'withdrawn',
  now: Date,
  transferId: string | null,
): Promise<void> {
  await tx.query(
    'UPDATE escrow_changes SET status = $2, decided_at = $3, fee_transfer_id = $4 WHERE id = $1',
    [id, status, now, transferId],
  );
}

/** The deal's change still waiting for an answer, locked. */
export async function lockOpenChange(tx: Queryable, dealId: string): Promise<ChangeRow | undefined> {
  const [open] = await tx.query<ChangeRow>(
    `${SELECT_CHANGE} WHERE deal_id = $1 AND status = 'proposed' FOR UPDATE`,
    [dealId],
  );
  return open;
}

export async function markChangeWithdrawn(
  tx: Queryable,
  id: string,
  now: Date,
  transferId: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE escrow_changes SET status = 'withdrawn', decided_at = $2, fee_transfer_id = $3 WHERE id = $1`,
    [id, now, transferId],
  );
}
