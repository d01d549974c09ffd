import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../../db/database';
import { findAttachmentContent, insertAttachmentContent } from './attachment-content-rows';

// Where an attachment's bytes live (docs/requirements/settings.md, "Attachments"). The database
// is the default: one backup holds everything. A filesystem directory is chosen by
// ATTACHMENT_STORAGE=filesystem; an S3-compatible store would be a third implementation of
// this interface. The key is always the attachment's id, never anything from the file's name.
export type AttachmentStorageName = 'database' | 'filesystem';

export interface AttachmentStorage {
  readonly name: AttachmentStorageName;
  put(tx: Queryable, id: string, content: Buffer): Promise<void>;
  get(db: Queryable, id: string): Promise<Buffer | undefined>;
}

export const databaseStorage: AttachmentStorage = {
  name: 'database',
  async put(tx, id, content) {
    await insertAttachmentContent(tx, id, content);
  },
  async get(db, id) {
    const row = await findAttachmentContent(db, id);
    return row && Buffer.from(row.content);
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Files named by id under `directory`, written and synced before the transaction that records
 * them commits. A rolled-back transaction leaves an orphan file that nothing points to; a
 * committed row never points to a missing file.
 */
export function filesystemStorage(directory: string): AttachmentStorage {
  const pathOf = (id: string) => {
    if (!UUID.test(id)) throw new Error('attachment id is not a uuid');
    return join(directory, id.slice(0, 2), id);
  };
  return {
    name: 'filesystem',
    async put(_tx, id, content) {
      const path = pathOf(id);
      await mkdir(join(directory, id.slice(0, 2)), { recursive: true });
      const file = await open(path, 'wx', 0o600);
      try {
        await file.writeFile(content);
        await file.sync();
      } finally {
        await file.close();
      }
    },
    async get(_db, id) {
      try {
        return await readFile(pathOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

export function attachmentStorageFor(config: {
  attachmentStorage: AttachmentStorageName;
  attachmentDir: string;
}): AttachmentStorage {
  return config.attachmentStorage === 'filesystem'
    ? filesystemStorage(config.attachmentDir)
    : databaseStorage;
}
