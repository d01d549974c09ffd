import { allowedAttachmentMimes, MAX_ATTACHMENT_BYTES } from '@bluepeak/core/onboarding';

// docs/requirements/api-contract.md: every file travels as `{ name, type, mime, size, data }` with
// the bytes in base64. Refused before sending (docs/requirements/public-site.md, forms): over 10
// MB, or not a JPEG, PNG or PDF.
export type UploadAttachment = { name: string; type: string; mime: string; size: number; data: string };

export type FileProblem = 'too_large' | 'wrong_type' | undefined;

export function fileProblem(file: { size: number; type: string }): FileProblem {
  if (file.size > MAX_ATTACHMENT_BYTES) return 'too_large';
  if (!(allowedAttachmentMimes as readonly string[]).includes(file.type)) return 'wrong_type';
  return undefined;
}

export async function toAttachment(file: File, type: string): Promise<UploadAttachment> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return { name: safeName(file.name), type, mime: file.type, size: file.size, data: btoa(binary) };
}

/** The API refuses names with paths or control characters; a picked file's name has neither, but be sure. */
function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]|\.\./g, '_').slice(-200);
  return cleaned || 'file';
}

export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
