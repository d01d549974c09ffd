import type { Queryable } from '../../db/database';

// The attachment_contents table: an attachment's bytes when the database is its storage.
export async function insertAttachmentContent(tx: Queryable, id: string, content: Buffer): Promise<void> {
  await tx.query('INSERT INTO attachment_contents (attachment_id, content) VALUES ($1, $2)', [id, content]);
}

export async function findAttachmentContent(
  db: Queryable,
  id: string,
): Promise<{ content: Uint8Array } | undefined> {
  const [row] = await db.query<{ content: Uint8Array }>(
    'SELECT content FROM attachment_contents WHERE attachment_id = $1',
    [id],
  );
  return row;
}
