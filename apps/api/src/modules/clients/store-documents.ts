import type { Queryable } from '../../db/database';
import {
  type AttachmentPurpose,
  type AttachmentStorage,
  type CheckedFile,
  loadAttachment,
  type StoredFile,
  storeAttachments,
} from '../attachments';
import {
  type DocumentSummary,
  findDocumentAttachmentId,
  insertClientDocument,
  listDocumentRows,
} from './document-rows';

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
    ids.push(
      await insertClientDocument(tx, {
        clientId,
        submissionId,
        kind: files[index]?.kind,
        attachmentId,
        relatedPersonId,
      }),
    );
  }
  return ids;
}

export async function listDocuments(db: Queryable, clientId: string): Promise<DocumentSummary[]> {
  const rows = await listDocumentRows(db, clientId);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** One document of one client; another client's id finds nothing (404, never 403). */
export async function loadDocument(
  db: Queryable,
  storage: AttachmentStorage,
  clientId: string,
  documentId: string,
): Promise<StoredFile | undefined> {
  const attachmentId = await findDocumentAttachmentId(db, clientId, documentId);
  return attachmentId === undefined ? undefined : loadAttachment(db, storage, clientId, attachmentId);
}
