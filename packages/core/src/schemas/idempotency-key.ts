import { z } from 'zod';

// IETF Idempotency-Key draft and docs/reliability.md, T2: 1-255 printable ASCII characters.
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be 1-255 printable characters');
