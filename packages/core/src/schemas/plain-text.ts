import { z } from 'zod';

/**
 * Free text an operator or a bank writes (reasons, notes, names, search terms): trimmed, between
 * `min` and `max` characters, any script, but no control or formatting character, which would
 * break logs and files (docs/requirements/validation.md).
 */
export const plainText = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'No control or formatting characters');
