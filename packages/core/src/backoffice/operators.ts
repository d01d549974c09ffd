import { z } from 'zod';
import { emailSchema } from '../auth/field-rules';
import { passwordSchema, passwordsMatch } from '../auth/password';
import { plainText } from '../schemas/plain-text';
import { operatorRoles } from './roles';

export const operatorRoleSchema = z.enum(operatorRoles);

/**
 * An administrator invites an operator: e-mail, name and roles. The new operator chooses the
 * password and enrols the authenticator from the e-mailed invitation, so the administrator
 * never holds both of another operator's factors (four eyes, docs/requirements/back-office.md).
 */
export const createOperatorSchema = z.strictObject({
  email: emailSchema,
  name: plainText(140),
  roles: z
    .array(operatorRoleSchema)
    .min(1)
    .max(operatorRoles.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Each role once'),
});
export type CreateOperatorInput = z.infer<typeof createOperatorSchema>;

/** The invited operator's answer: a password of their own and a code from their new authenticator. */
export const acceptInvitationSchema = z
  .strictObject({
    password: passwordSchema,
    password_confirmation: z.string().max(200),
    code: z.string().regex(/^\d{6}$/, 'Six digits from the authenticator app'),
  })
  .superRefine(passwordsMatch);
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const invitationTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a valid invitation'),
});

/** Every operator action that changes something says why. */
export const operatorReasonSchema = z.strictObject({
  reason: z.string().trim().min(3).max(1000),
});

export const operatorSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  second_factor: z.enum(['totp', 'email']),
  active: z.boolean(),
  /** Invited and not yet accepted: cannot log in until it chooses a password and enrols. */
  invitation_pending: z.boolean(),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});
export type OperatorSummary = z.infer<typeof operatorSummarySchema>;
