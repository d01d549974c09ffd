import { createHash } from 'node:crypto';
import { type Attachment, type AttachmentMime, isStrictBase64, MAX_ATTACHMENT_BYTES } from '@bluepeak/core';
import { AppError } from '../../lib/app-error';
import { fileStructureRefusal } from './file-structure';

// Uploads are checked by their bytes, not their names (docs/reliability.md, T10 and bad input 18):
// strict base64, at most 10 MiB decoded, and a JPEG, PNG or PDF signature that matches the
// declared type, and a whole file of that type with no markup or active content inside
// (file-structure.ts). Anything else is refused before a byte is stored.
export type CheckedFile = {
  kind: string;
  fileName: string;
  mime: AttachmentMime;
  content: Buffer;
  sha256: Buffer;
};

const SIGNATURES: readonly { mime: AttachmentMime; bytes: number[] }[] = [
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffMime(content: Buffer): AttachmentMime | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => content[index] === byte))?.mime;
}

/** Decodes base64 that is exactly canonical: re-encoding must give the same text back. */
export function decodeStrictBase64(text: string): Buffer | undefined {
  if (!isStrictBase64(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

export function checkAttachment(attachment: Attachment): CheckedFile {
  const content = decodeStrictBase64(attachment.data);
  if (!content || content.length === 0) {
    throw new AppError('invalid_base64', 'Please upload correct files: the file data is not valid base64');
  }
  if (content.length > MAX_ATTACHMENT_BYTES) {
    throw new AppError('file_too_large', 'The file is too large: 10MB at most');
  }
  if (content.length !== attachment.size) {
    throw new AppError('size_mismatch', 'Please upload correct files: the size does not match the data');
  }
  const actual = sniffMime(content);
  if (!actual || actual !== attachment.mime) {
    throw new AppError('unsupported_file_type', 'Please upload correct files: JPEG, PNG or PDF only');
  }
  const refusal = fileStructureRefusal(content, actual);
  if (refusal) {
    throw new AppError(refusal.code, refusal.message, {
      ...(refusal.status === 422 ? { detail: refusal.message } : {}),
    });
  }
  scanForMalware(content);
  return {
    kind: attachment.type,
    fileName: attachment.name,
    mime: actual,
    content,
    sha256: createHash('sha256').update(content).digest(),
  };
}

// The antivirus hook (docs/reliability.md, T10). No scanner runs in the embedded setup; a deployment
// plugs one in here and throws an AppError('file_rejected', …) for an infected file.
function scanForMalware(_content: Buffer): void {}
