import type { Queryable } from '../../db/database';
import {
  type AttachmentPurpose,
  type AttachmentStorage,
  type CheckedFile,
  loadAttachment,
  type StoredFile,
  storeAttachments,
} from '../attachments';

// A client's documents: what each file is for (identification, a company document) and the
// operator's review of it; the file itself is an attachment (modules/attachments).
export async function storeDocuments(
  tx: Queryable,
  storage: AttachmentStorage,
  clientId: string,
  files: readonly CheckedFile[],
  submissionId: string | null,
  relatedPersonId: string | null = null,
): Promise<string[]> {
  const purpose: AttachmentPurpose = submissionId
    ? 'identification'
    : relatedPersonId
      ? 'person_document'
      : 'company_document';
  const attachmentIds = await storeAttachments(
    tx,
    storage,
    { clientId, purpose, uploadedBy: 'client' },
    files,
  );
  const ids: string[] = [];
  for (const [index, attachmentId] of attachmentIds.entries()) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO client_documents (client_id, submission_id, kind, attachment_id, related_person_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [clientId, submissionId, files[index]?.kind, attachmentId, relatedPersonId],
    );
    if (!row) throw new Error('document insert returned no row');
    ids.push(row.id);
  }
  return ids;
}

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

// Newest first; files sent together (an identification's sides) by name, the same way every time.
export async function listDocuments(db: Queryable, clientId: string): Promise<DocumentSummary[]> {
  const rows = await db.query<Omit<DocumentSummary, 'created_at'> & { created_at: Date }>(
    `SELECT d.id, d.kind, a.file_name, a.mime, a.size_bytes AS size, d.submission_id, d.related_person_id,
            d.review_status,
            d.review_reason, d.created_at
     FROM client_documents d JOIN attachments a ON a.id = d.attachment_id
     WHERE d.client_id = $1 ORDER BY d.created_at DESC, a.file_name, d.id`,
    [clientId],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** One document of one client; another client's id finds nothing (404, never 403). */
export async function loadDocument(
  db: Queryable,
  storage: AttachmentStorage,
  clientId: string,
  documentId: string,
): Promise<StoredFile | undefined> {
  const [row] = await db.query<{ attachment_id: string }>(
    'SELECT attachment_id FROM client_documents WHERE id = $1 AND client_id = $2',
    [documentId, clientId],
  );
  return row && loadAttachment(db, storage, clientId, row.attachment_id);
}
