import { z } from 'zod';
import { emailSchema } from './field-rules';
import { oneTimeCodeSchema, stepUpProofSchema } from './login';
import { phoneSchema } from './phone';

// Changing the log-in e-mail address or phone number (docs/security-settings.md, "The log-in
// e-mail and phone"): the new value with the step-up proof, then the code sent to the NEW
// address or number, which makes the change.
export const emailChangeSchema = z.strictObject({ new_email: emailSchema, ...stepUpProofSchema.shape });
export const phoneChangeSchema = z.strictObject({ new_phone: phoneSchema, ...stepUpProofSchema.shape });
/** The number given at sign-up, corrected before it is verified (a code then goes to the new one). */
export const phoneCorrectionSchema = z.strictObject({ phone: phoneSchema });
export type PhoneCorrection = z.input<typeof phoneCorrectionSchema>;
export const contactChangeConfirmSchema = z.strictObject({
  challenge_id: z.uuid('Unknown challenge'),
  code: oneTimeCodeSchema,
});

export type ContactKind = 'email' | 'phone';
export type EmailChangeInput = z.input<typeof emailChangeSchema>;
export type PhoneChangeInput = z.input<typeof phoneChangeSchema>;

/** The change waits for the code sent to the new address or number until `expires_at`. */
export const contactChangeStartedResponseSchema = z.object({
  data: z.object({ challenge_id: z.string(), expires_at: z.string() }),
});
export const emailChangedResponseSchema = z.object({
  data: z.object({ email: z.string(), email_confirmed: z.literal(true) }),
});
export const phoneChangedResponseSchema = z.object({
  data: z.object({ phone: z.string(), phone_verified: z.literal(true) }),
});
export type ContactChangeStartedResponse = z.infer<typeof contactChangeStartedResponseSchema>;
export type EmailChangedResponse = z.infer<typeof emailChangedResponseSchema>;
export type PhoneChangedResponse = z.infer<typeof phoneChangedResponseSchema>;

/**
 * An e-mail address as the audit log and notices show it: the first character of the local part
 * and the whole domain ("j•••@example.com"), enough to tell two addresses apart, not to write to.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•'.repeat(Math.min(email.length, 8));
  return `${email[0]}${'•'.repeat(Math.min(at - 1, 8) || 1)}${email.slice(at)}`;
}

/** A phone number as the audit log and notices show it: the country code's "+" and digit, and the last four digits. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return '•'.repeat(phone.length);
  return `${phone.slice(0, 2)}${'•'.repeat(phone.length - 6)}${phone.slice(-4)}`;
}
