import { z } from 'zod';
import { validationMessages } from './validation-messages';

// docs/requirements/validation.md and docs/requirements/tariff.md: at least 8 characters with an
// uppercase letter, a lowercase letter and a digit. The upper bound keeps password hashing cheap to
// call (a 1 MB "password" would make every log-in attempt expensive) while allowing any passphrase
// a person would type.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, validationMessages.password)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\p{Lu}/u, validationMessages.password)
  .regex(/\p{Ll}/u, validationMessages.password)
  .regex(/\p{Nd}/u, validationMessages.password);

/** Passwords typed at log-in are only bounded: an old password must still be accepted as typed. */
export const enteredPasswordSchema = z.string().min(1, validationMessages.required).max(PASSWORD_MAX_LENGTH);

type WithConfirmation = { password: string; password_confirmation: string };

/** "Passwords must match", reported on the confirmation field where the form shows it. */
export function passwordsMatch<T extends WithConfirmation>(value: T, context: z.RefinementCtx<T>) {
  if (value.password !== value.password_confirmation) {
    context.addIssue({
      code: 'custom',
      message: validationMessages.passwordsMatch,
      path: ['password_confirmation'],
    });
  }
}
