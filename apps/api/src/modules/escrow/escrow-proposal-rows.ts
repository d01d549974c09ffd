import type { Queryable } from '../../db/database';

// The escrow desk's payout proposals (escrow_proposals): one operator proposes, another decides.
export type ProposalRow = {
  id: string;
  action: 'release' | 'refund';
  status: 'proposed' | 'approved' | 'rejected';
  reason: string;
  proposer_id: string;
  proposed_by: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
};

export async function listProposals(db: Queryable, dealId: string): Promise<ProposalRow[]> {
  return db.query<ProposalRow>(
    `SELECT p.id, p.action, p.status, p.reason, p.proposed_by AS proposer_id, o.email AS proposed_by,
       p.proposed_at, d.email AS decided_by, p.decided_at
     FROM escrow_proposals p JOIN operators o ON o.id = p.proposed_by
     LEFT JOIN operators d ON d.id = p.decided_by
     WHERE p.deal_id = $1 ORDER BY p.proposed_at, p.id`,
    [dealId],
  );
}

export async function insertProposal(
  tx: Queryable,
  proposal: { dealId: string; action: 'release' | 'refund'; reason: string; operatorId: string; now: Date },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO escrow_proposals (deal_id, action, reason, proposed_by, proposed_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [proposal.dealId, proposal.action, proposal.reason, proposal.operatorId, proposal.now],
  );
  return row;
}

export async function lockProposal(
  tx: Queryable,
  id: string,
  dealId: string,
): Promise<{ action: 'release' | 'refund'; status: string; proposed_by: string } | undefined> {
  const [proposal] = await tx.query<{ action: 'release' | 'refund'; status: string; proposed_by: string }>(
    'SELECT action, status, proposed_by FROM escrow_proposals WHERE id = $1 AND deal_id = $2 FOR UPDATE',
    [id, dealId],
  );
  return proposal;
}

export async function setProposalDecision(
  tx: Queryable,
  id: string,
  decision: { status: 'approved' | 'rejected'; operatorId: string; now: Date; reason: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE escrow_proposals SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5 WHERE id = $1`,
    [id, decision.status, decision.operatorId, decision.now, decision.reason],
  );
}
