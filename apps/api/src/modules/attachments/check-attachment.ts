import { createHash } from 'node:crypto';
import { type Attachment, type AttachmentMime, isStrictBase64, MAX_ATTACHMENT_BYTES } from '@bluepeak/core';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error';
import { fileStructureRefusal } from './file-structure';
import { stripImageMetadata } from './strip-metadata';

// Every uploaded file goes through here (docs/requirements/settings.md, "Attachments"): strict
// base64, at most 10 MiB decoded, the type read from the bytes (file-type), never from the
// name or the declared mime, a whole file of that type with no markup or active content
// (file-structure.ts), images re-encoded without their metadata, and a name safe to show.
export type CheckedFile = {
  kind: string;
  fileName: string;
  mime: AttachmentMime;
  content: Buffer;
  sha256: Buffer;
};

const ACCEPTED: ReadonlyMap<string, AttachmentMime> = new Map([
  ['image/jpeg', 'image/jpeg'],
  ['image/png', 'image/png'],
  ['image/heic', 'image/heic'],
  ['image/heif', 'image/heic'],
  ['application/pdf', 'application/pdf'],
]);

/** Programs, scripts and archives that may carry them: named in the refusal so the client knows why. */
const EXECUTABLE = new Set([
  'exe',
  'elf',
  'mach',
  'dll',
  'msi',
  'class',
  'apk',
  'dmg',
  'deb',
  'rpm',
  'zip',
  'jar',
  'wasm',
]);

/** What the bytes are, by their content; undefined for anything we do not take. */
export async function detectMime(content: Buffer): Promise<AttachmentMime | undefined> {
  const detected = await fileTypeFromBuffer(content);
  if (detected && EXECUTABLE.has(detected.ext)) {
    throw new AppError('unsupported_file_type', 'Please upload correct files: programs cannot be uploaded');
  }
  return detected ? ACCEPTED.get(detected.mime) : undefined;
}

/** Decodes base64 that is exactly canonical: re-encoding must give the same text back. */
export function decodeStrictBase64(text: string): Buffer | undefined {
  if (!isStrictBase64(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

/**
 * The name as shown and put in a download header: the last path segment, no control or
 * invisible characters, no leading dots, at most 255 characters. The schema already refuses
 * names with paths; this is the second line for names that reach here another way.
 */
export function sanitiseFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-255);
  return cleaned || 'file';
}

export async function checkAttachment(attachment: Attachment): Promise<CheckedFile> {
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
  const actual = await detectMime(content);
  if (!actual || ACCEPTED.get(attachment.mime) !== actual) {
    throw new AppError('unsupported_file_type', 'Please upload correct files: JPEG, PNG, HEIC or PDF only');
  }
  const refusal = fileStructureRefusal(content, actual);
  if (refusal) {
    throw new AppError(refusal.code, refusal.message, {
      ...(refusal.status === 422 ? { detail: refusal.message } : {}),
    });
  }
  scanForMalware(content);
  const stored = await stripImageMetadata(content, actual);
  return {
    kind: attachment.type,
    fileName: sanitiseFileName(attachment.name),
    mime: actual,
    content: stored,
    sha256: createHash('sha256').update(stored).digest(),
  };
}

/** One file after another: a batch of five 10 MiB images is never decoded all at once. */
export async function checkAttachments(attachments: readonly Attachment[]): Promise<CheckedFile[]> {
  const files: CheckedFile[] = [];
  for (const attachment of attachments) files.push(await checkAttachment(attachment));
  return files;
}

// The antivirus hook (docs/reliability.md, T10). No scanner runs in the embedded setup; a deployment
// plugs one in here and throws an AppError('file_rejected', …) for an infected file.
function scanForMalware(_content: Buffer): void {}
