import { maskDocumentNumber } from '@bluepeak/core/onboarding';
import type { Queryable } from '../../db/database';

export type IdentificationSummary = {
  id: string;
  document_type: string;
  status: string;
  decision_reason: string | null;
  document_expires_on: string | null;
  document_number: string | null;
  created_at: Date;
};

/**
 * The client's identification submissions and their review state, newest first. The document's
 * number leaves masked (docs/requirements/settings.md, "Identification").
 */
export async function listIdentifications(db: Queryable, clientId: string): Promise<IdentificationSummary[]> {
  const rows = await db.query<IdentificationSummary>(
    `SELECT id, document_type, status, decision_reason, to_char(document_expires_on, 'YYYY-MM-DD') AS document_expires_on,
            document_number, created_at
       FROM identification_submissions WHERE client_id = $1 ORDER BY created_at DESC`,
    [clientId],
  );
  return rows.map((row) => ({
    ...row,
    document_number: row.document_number === null ? null : maskDocumentNumber(row.document_number),
  }));
}
