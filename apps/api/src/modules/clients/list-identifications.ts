import type { Queryable } from '../../db/database';

export type IdentificationSummary = {
  id: string;
  document_type: string;
  status: string;
  decision_reason: string | null;
  created_at: Date;
};

/** The client's identification submissions and their review state, newest first. */
export async function listIdentifications(db: Queryable, clientId: string): Promise<IdentificationSummary[]> {
  return db.query<IdentificationSummary>(
    `SELECT id, document_type, status, decision_reason, created_at FROM identification_submissions
     WHERE client_id = $1 ORDER BY created_at DESC`,
    [clientId],
  );
}
