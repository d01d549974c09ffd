import { z } from 'zod';
import { emailSchema } from './field-rules';
import { enteredPasswordSchema, passwordSchema, passwordsMatch } from './password';
import { recoveryCodeSchema } from './recovery-codes';
import { altchaPayloadSchema } from './sign-up';
import { validationMessages } from './validation-messages';

// Log-in, second factor, e-mail confirmation and password restore
// (docs/requirements/api-contract.md "Authentication").
export const secondFactorSchema = z.enum(['totp', 'sms', 'email']);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: enteredPasswordSchema,
  altcha: altchaPayloadSchema,
});

/** A one-time code: six digits, whether from an authenticator app, SMS or e-mail. */
export const oneTimeCodeSchema = z.string().regex(/^[0-9]{6}$/, 'Enter the 6-digit code');

/** At log-in, a client with an authenticator app may give one of its recovery codes instead. */
export const loginCodeSchema = z.union([oneTimeCodeSchema, recoveryCodeSchema]);

export const loginVerifySchema = z.strictObject({
  challenge_id: z.uuid('Unknown challenge'),
  code: loginCodeSchema,
});

export const verifyCodeSchema = z.strictObject({ code: oneTimeCodeSchema });

/** The random part of a link we e-mail (`#/confirm/email?hash=…`, `#/restore/{hash}`). */
export const linkHashSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'This link is not valid');

export const confirmEmailSchema = z.strictObject({ hash: linkHashSchema });

export const emailOnlySchema = z.strictObject({ email: emailSchema });
/** /restore asks for the e-mail address only, and the bot check's answer. */
export const restoreRequestSchema = z.strictObject({ email: emailSchema, altcha: altchaPayloadSchema });

export const newPasswordSchema = z
  .strictObject({
    password: passwordSchema,
    password_confirmation: z.string().max(200),
  })
  .superRefine(passwordsMatch);

/**
 * Step-up authentication (docs/security-settings.md): every change of a security setting (the
 * password, how log-in codes arrive, the authenticator app and its recovery codes, the log-in
 * e-mail and phone) needs the current password and a code from the CURRENT factor, asked for
 * first with `stepUpRequestSchema` and bound to the change it is for.
 */
export const stepUpActionSchema = z.enum([
  'password_change',
  'second_factor',
  'totp_setup',
  'email_change',
  'phone_change',
  'recovery_codes',
]);
export type StepUpAction = z.infer<typeof stepUpActionSchema>;
export const stepUpRequestSchema = z.strictObject({ action: stepUpActionSchema });

const stepUpProof = {
  current_password: z.string().min(1, validationMessages.required).max(200),
  step_up_challenge_id: z.uuid('Ask for a code first'),
  step_up_code: oneTimeCodeSchema,
};
export const stepUpProofSchema = z.strictObject(stepUpProof);
export type StepUpProof = z.infer<typeof stepUpProofSchema>;

/** Starting a new authenticator app: the step-up proof, nothing else. */
export const totpSetupSchema = stepUpProofSchema;

/** A new set of recovery codes in place of the old: the step-up proof, nothing else. */
export const recoveryCodesRenewSchema = stepUpProofSchema;

export const passwordChangeSchema = z
  .strictObject({
    ...stepUpProof,
    password: passwordSchema,
    password_confirmation: z.string().max(200),
  })
  .superRefine(passwordsMatch);

export type LoginInput = z.input<typeof loginSchema>;
export type LoginVerifyInput = z.input<typeof loginVerifySchema>;
export type NewPasswordInput = z.input<typeof newPasswordSchema>;
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/**
 * How log-in codes reach the client: by e-mail or by SMS to the verified phone. Changing it needs
 * step-up (the password and a code by the current channel); the authenticator app is chosen by
 * setting it up, not here.
 */
export const codeChannelSchema = z.enum(['email', 'sms']);
export const secondFactorChangeSchema = z.strictObject({
  factor: codeChannelSchema,
  ...stepUpProof,
});
export type SecondFactorChangeInput = z.input<typeof secondFactorChangeSchema>;
