import type { EscrowConditionStatus } from '@bluepeak/core/escrow';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Side } from './escrow-rows';

// A deal's conditions (escrow_conditions) and the documents presented for them (escrow_documents).
export type ConditionRow = {
  id: string;
  deal_id: string;
  position: number;
  description: string;
  presenter: Side;
  status: EscrowConditionStatus;
  decision_reason: string | null;
  decided_at: Date | null;
  fee_minor: number | null;
};

export async function listConditions(db: Queryable, dealId: string): Promise<ConditionRow[]> {
  return db.query<ConditionRow>(
    `SELECT id, deal_id, position, description, presenter, status, decision_reason, decided_at,
       fee_minor::float8 AS fee_minor
     FROM escrow_conditions WHERE deal_id = $1 ORDER BY position`,
    [dealId],
  );
}

export async function lockCondition(
  tx: Queryable,
  dealId: string,
  conditionId: string,
): Promise<ConditionRow> {
  await tx.query('SELECT 1 FROM escrow_conditions WHERE id = $1 AND deal_id = $2 FOR UPDATE', [
    conditionId,
    dealId,
  ]);
  const [row] = (await listConditions(tx, dealId)).filter((condition) => condition.id === conditionId);
  if (!row) throw notFound('Condition');
  return row;
}

export type DocumentRow = {
  id: string;
  condition_id: string;
  file_name: string;
  mime: string;
  size: number;
  uploaded_by: Side;
  created_at: Date;
};

export async function listDocuments(db: Queryable, dealId: string): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(
    `SELECT a.id, e.condition_id, a.file_name, a.mime, a.size_bytes AS size, e.uploaded_by, a.created_at
     FROM escrow_documents e
     JOIN escrow_conditions c ON c.id = e.condition_id
     JOIN attachments a ON a.id = e.attachment_id
     WHERE c.deal_id = $1 ORDER BY a.created_at, a.id`,
    [dealId],
  );
}

export async function insertCondition(
  tx: Queryable,
  dealId: string,
  position: number,
  condition: { description: string; presenter: Side },
): Promise<void> {
  await tx.query(
    'INSERT INTO escrow_conditions (deal_id, position, description, presenter) VALUES ($1, $2, $3, $4)',
    [dealId, position, condition.description, condition.presenter],
  );
}

/** The officer's decision on a condition, with the verification fee charged for a met one. */
export async function setConditionDecision(
  tx: Queryable,
  id: string,
  decision: {
    status: 'met' | 'rejected';
    operatorId: string;
    now: Date;
    reason: string | null;
    feeMinor: number | null;
    transferId: string | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE escrow_conditions SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5,
       fee_minor = $6, fee_transfer_id = $7 WHERE id = $1`,
    [
      id,
      decision.status,
      decision.operatorId,
      decision.now,
      decision.reason,
      decision.feeMinor,
      decision.transferId,
    ],
  );
}

/** Documents uploaded: the condition waits for the officer again. */
export async function markConditionSubmitted(tx: Queryable, id: string): Promise<void> {
  await tx.query(`UPDATE escrow_conditions SET status = 'submitted', decision_reason = NULL WHERE id = $1`, [
    id,
  ]);
}

export async function insertConditionDocument(
  tx: Queryable,
  attachmentId: string,
  conditionId: string,
  uploadedBy: Side,
): Promise<void> {
  await tx.query(
    'INSERT INTO escrow_documents (attachment_id, condition_id, uploaded_by) VALUES ($1, $2, $3)',
    [attachmentId, conditionId, uploadedBy],
  );
}

/** Whose attachment a document of the deal is (the presenter's), or nothing for another deal's. */
export async function findDealDocumentOwner(
  db: Queryable,
  dealId: string,
  attachmentId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ client_id: string }>(
    `SELECT a.client_id FROM escrow_documents e
     JOIN escrow_conditions c ON c.id = e.condition_id
     JOIN attachments a ON a.id = e.attachment_id
     WHERE c.deal_id = $1 AND e.attachment_id = $2`,
    [dealId, attachmentId],
  );
  return row?.client_id;
}
