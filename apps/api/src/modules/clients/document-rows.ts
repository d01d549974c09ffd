import type { Queryable } from '../../db/database';

// A client's documents: what each file is for (identification, a company document, a related
// person's) and the operator's review of it; the file itself is an attachment (modules/attachments).

export type DocumentSummary = {
  id: string;
  kind: string;
  file_name: string;
  mime: string;
  size: number;
  submission_id: string | null;
  related_person_id: string | null;
  review_status: 'pending' | 'accepted' | 'rejected';
  review_reason: string | null;
  created_at: string;
};

export async function insertClientDocument(
  tx: Queryable,
  document: {
    clientId: string;
    submissionId: string | null;
    kind: string | undefined;
    attachmentId: string;
    relatedPersonId: string | null;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO client_documents (client_id, submission_id, kind, attachment_id, related_person_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      document.clientId,
      document.submissionId,
      document.kind,
      document.attachmentId,
      document.relatedPersonId,
    ],
  );
  if (!row) throw new Error('document insert returned no row');
  return row.id;
}

// Newest first; files sent together (an identification's sides) by name, the same way every time.
export async function listDocumentRows(
  db: Queryable,
  clientId: string,
): Promise<(Omit<DocumentSummary, 'created_at'> & { created_at: Date })[]> {
  return db.query<Omit<DocumentSummary, 'created_at'> & { created_at: Date }>(
    `SELECT d.id, d.kind, a.file_name, a.mime, a.size_bytes AS size, d.submission_id, d.related_person_id,
            d.review_status,
            d.review_reason, d.created_at
     FROM client_documents d JOIN attachments a ON a.id = d.attachment_id
     WHERE d.client_id = $1 ORDER BY d.created_at DESC, a.file_name, d.id`,
    [clientId],
  );
}

/** The attachment of one document of one client; another client's id finds nothing. */
export async function findDocumentAttachmentId(
  db: Queryable,
  clientId: string,
  documentId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ attachment_id: string }>(
    'SELECT attachment_id FROM client_documents WHERE id = $1 AND client_id = $2',
    [documentId, clientId],
  );
  return row?.attachment_id;
}
