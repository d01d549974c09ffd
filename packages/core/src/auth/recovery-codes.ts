import { z } from 'zod';

// Recovery codes (docs/security-settings.md, "Recovery codes"): ten single-use codes, shown once
// when an authenticator app is confirmed, each of which logs in instead of the app's code. A code
// is ten characters of Crockford's base32 (no I, L, O or U, which read as other characters),
// shown as two groups of five: 50 random bits.
export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * The code as stored and compared: what a person types, in any case, with or without the dash
 * and spaces; the look-alikes Crockford's base32 reads as digits (O as 0, I and L as 1) too.
 */
export function normaliseRecoveryCode(typed: string): string {
  return typed
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** The code as shown: two groups of five, ABCDE-FGHJK. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform(normaliseRecoveryCode)
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, 'Enter the 10-character recovery code'));

/** The codes of a new set, as shown once (only their hashes are kept). */
export const recoveryCodesResponseSchema = z.object({
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

/** How many of the client's codes are still unused. */
export const recoveryCodesLeftResponseSchema = z.object({
  data: z.object({ remaining: z.number().int() }),
});

/**
 * The authenticator confirmed, with its new recovery codes; a retried confirmation gets its first
 * answer without them (null), as they are never stored to be shown again.
 */
export const authenticatorConfirmedResponseSchema = z.object({
  data: z.object({ status: z.literal('totp_set_up'), recovery_codes: z.array(z.string()).nullable() }),
});

export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
export type RecoveryCodesLeftResponse = z.infer<typeof recoveryCodesLeftResponseSchema>;
export type AuthenticatorConfirmedResponse = z.infer<typeof authenticatorConfirmedResponseSchema>;
