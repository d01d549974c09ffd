import { z } from 'zod';
import { validationMessages } from '../auth/validation-messages';

// docs/requirements/onboarding.md and docs/requirements/api-contract.md: every uploaded file
// travels inside JSON as `{ name, type, mime, size, content, data }` with `data` in base64, 10 MB
// at most once decoded; a single attachment may come without its array. What the bytes really are
// is checked by the API from the bytes themselves (magic numbers), never from `name` or `mime`.
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
// HEIC is what iPhones photograph in; the API checks it by its bytes like the others.
export const allowedAttachmentMimes = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'] as const;
export type AttachmentMime = (typeof allowedAttachmentMimes)[number];

// Standard base64 with correct padding only. Node's decoder skips characters outside the
// alphabet and stops at the first '=', so the text is checked before it is ever decoded. (A
// grouped regex like (?:x{4})* overflows V8's stack on a 14 MB string, hence length % 4.)
const BASE64_ALPHABET = /^[A-Za-z0-9+/]*={0,2}$/;

export function isStrictBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64_ALPHABET.test(text);
}

// A file name is shown to people and put in a download header, never used as a path, but a
// name with a path, NUL or a line break is a sign of an attack and is refused outright.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\]|\.\.|[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export const attachmentNameSchema = z
  .string()
  .min(1, validationMessages.files)
  .max(255, validationMessages.files)
  .refine((name) => !UNSAFE_NAME.test(name), validationMessages.files);

export const attachmentSchema = z.strictObject({
  name: attachmentNameSchema,
  /** What the file is for (e.g. `front`, `back`, `selfie`, or a document type code). */
  type: z.string().regex(/^[A-Za-z_]{1,40}$/, validationMessages.files),
  mime: z.string().regex(/^[a-z]+\/[a-z0-9.+-]{1,100}$/, validationMessages.files),
  // Not capped here: the API measures the decoded bytes and answers 413 above the limit.
  size: z
    .number()
    .int()
    .min(1, validationMessages.files)
    .max(2 ** 31 - 1, validationMessages.fileSize),
  /** Kept for the web client's shape; the bytes are in `data`. */
  content: z.string().max(255).optional(),
  // Not capped here either: the route's body limit bounds the text, and the API answers 413
  // for a file over 10 MiB once decoded, whatever its size (a cap here would make it a 400).
  data: z.string().min(4, validationMessages.files).refine(isStrictBase64, validationMessages.files),
});

export type AttachmentInput = z.input<typeof attachmentSchema>;
export type Attachment = z.output<typeof attachmentSchema>;

/**
 * `attachments` as the web client sends it: one object or a list, always a list after parsing.
 * A lone object is wrapped before validation rather than offered as a union branch: a union
 * that fails on one field of the object (a bad `mime`, say) hands the raw object on, and a
 * refinement of the enclosing form that reads `attachments` as a list then throws.
 */
export function attachmentsSchema(maxCount: number) {
  return z.preprocess(
    (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value),
    z.array(attachmentSchema).min(1, validationMessages.files).max(maxCount, validationMessages.files),
  );
}
