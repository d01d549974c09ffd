import type { Queryable } from '../../db/database';
import type { CheckedFile } from './uploaded-files';

export async function storeDocuments(
  tx: Queryable,
  clientId: string,
  files: readonly CheckedFile[],
  submissionId: string | null,
): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO client_documents (client_id, submission_id, kind, file_name, mime, size_bytes, sha256, content)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        clientId,
        submissionId,
        file.kind,
        file.fileName,
        file.mime,
        file.content.length,
        file.sha256,
        file.content,
      ],
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
  created_at: string;
};

export async function listDocuments(db: Queryable, clientId: string): Promise<DocumentSummary[]> {
  const rows = await db.query<Omit<DocumentSummary, 'created_at'> & { created_at: Date }>(
    `SELECT id, kind, file_name, mime, size_bytes AS size, submission_id, created_at
     FROM client_documents WHERE client_id = $1 ORDER BY created_at DESC, id`,
    [clientId],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** One document of one client; another client's id finds nothing (404, never 403). */
export async function loadDocument(db: Queryable, clientId: string, documentId: string) {
  const [row] = await db.query<{ file_name: string; mime: string; content: Uint8Array }>(
    'SELECT file_name, mime, content FROM client_documents WHERE id = $1 AND client_id = $2',
    [documentId, clientId],
  );
  return row && { fileName: row.file_name, mime: row.mime, content: Buffer.from(row.content) };
}
