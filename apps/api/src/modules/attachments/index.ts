// Attachments: every uploaded file's one pipeline (checked by its bytes, images stripped of
// metadata, names made safe) and its storage (the database, or a directory by configuration).

import type { ModuleManifest } from '../../lib/module-manifest';

export {
  type AttachmentPurpose,
  type AttachmentSummary,
  attachmentSummaries,
  loadAttachment,
  type StoredFile,
  storeAttachments,
} from './attachment-rows';
export {
  type AttachmentStorage,
  attachmentStorageFor,
  databaseStorage,
  filesystemStorage,
} from './attachment-storage';
export { type CheckedFile, checkAttachment, checkAttachments, sanitiseFileName } from './check-attachment';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'attachments',
};
