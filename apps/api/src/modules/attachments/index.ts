// Attachments: every uploaded file's one pipeline (checked by its bytes, images stripped of
// metadata, names made safe) and its storage (the database, or a directory by configuration).

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
