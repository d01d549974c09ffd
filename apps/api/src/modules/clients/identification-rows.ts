import type { Queryable } from '../../db/database';

// The client's identity checks: one identification_submissions row per upload, and on the
// clients row whether one is waiting for review.

export type IdentificationSummary = {
  id: string;
  document_type: string;
  status: string;
  decision_reason: string | null;
  document_expires_on: string | null;
  document_number: string | null;
  created_at: Date;
};

/** What a client states about the document they identify themselves with. */
export type IdentificationFields = {
  document_type: string;
  date_of_birth: string;
  document_expires_on: string;
  document_number?: string | undefined;
};

export async function insertIdentificationSubmission(
  tx: Queryable,
  clientId: string,
  input: IdentificationFields,
  now: Date,
): Promise<{ id: string } | undefined> {
  const [submission] = await tx.query<{ id: string }>(
    `INSERT INTO identification_submissions (client_id, document_type, date_of_birth, document_expires_on, document_number, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      clientId,
      input.document_type,
      input.date_of_birth,
      input.document_expires_on,
      input.document_number ?? null,
      now,
    ],
  );
  return submission;
}

/** An identification waits for review: no other may be sent until it is decided. */
export async function markIdentificationActive(tx: Queryable, clientId: string, now: Date): Promise<void> {
  await tx.query(
    'UPDATE clients SET ondato_has_active_identification = true, updated_at = $2 WHERE id = $1',
    [clientId, now],
  );
}

/** The client's submissions, newest first, the document's number as stored. */
export async function listIdentificationRows(
  db: Queryable,
  clientId: string,
): Promise<IdentificationSummary[]> {
  return db.query<IdentificationSummary>(
    `SELECT id, document_type, status, decision_reason, to_char(document_expires_on, 'YYYY-MM-DD') AS document_expires_on,
            document_number, created_at
       FROM identification_submissions WHERE client_id = $1 ORDER BY created_at DESC`,
    [clientId],
  );
}
