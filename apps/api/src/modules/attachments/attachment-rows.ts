import type { AttachmentMime } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { type AttachmentStorage, databaseStorage } from './attachment-storage';
import type { CheckedFile } from './check-attachment';

// The attachments table: one row per stored file, its bytes behind the storage interface.
export type AttachmentPurpose =
  | 'identification'
  | 'company_document'
  | 'person_document'
  | 'ticket'
  | 'escrow_document';

export type StoredFile = { id: string; fileName: string; mime: AttachmentMime; content: Buffer };

export type AttachmentSummary = {
  id: string;
  kind: string;
  file_name: string;
  mime: string;
  size: number;
  created_at: string;
};

export async function storeAttachments(
  tx: Queryable,
  storage: AttachmentStorage,
  owner: { clientId: string; purpose: AttachmentPurpose; uploadedBy: 'client' | 'operator' },
  files: readonly CheckedFile[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO attachments (client_id, purpose, kind, file_name, mime, size_bytes, sha256, storage, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        owner.clientId,
        owner.purpose,
        file.kind,
        file.fileName,
        file.mime,
        file.content.length,
        file.sha256,
        storage.name,
        owner.uploadedBy,
      ],
    );
    if (!row) throw new Error('attachment insert returned no row');
    await storage.put(tx, row.id, file.content);
    ids.push(row.id);
  }
  return ids;
}

/**
 * One attachment of one client, with its bytes; another client's id finds nothing (404, never
 * 403). The bytes come from the storage that holds them, whatever the storage is today.
 */
export async function loadAttachment(
  db: Queryable,
  storage: AttachmentStorage,
  clientId: string,
  id: string,
): Promise<StoredFile | undefined> {
  const [row] = await db.query<{ file_name: string; mime: AttachmentMime; storage: string }>(
    'SELECT file_name, mime, storage FROM attachments WHERE id = $1 AND client_id = $2',
    [id, clientId],
  );
  if (!row) return undefined;
  // Files stored before a move to another storage stay readable where they are.
  const from = row.storage === 'database' ? databaseStorage : storage;
  if (from.name !== row.storage) throw new Error(`attachment ${id} is in ${row.storage} storage`);
  const content = await from.get(db, id);
  if (!content) throw new Error(`attachment ${id} has no content`);
  return { id, fileName: row.file_name, mime: row.mime, content };
}

export async function attachmentSummaries(
  db: Queryable,
  ids: readonly string[],
): Promise<AttachmentSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Omit<AttachmentSummary, 'created_at'> & { created_at: Date }>(
    `SELECT id, kind, file_name, mime, size_bytes AS size, created_at FROM attachments
     WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [ids],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
