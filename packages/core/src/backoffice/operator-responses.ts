import { z } from 'zod';
import {
  type LoginChallenge,
  loginChallengeResponseSchema,
  loginVerifiedResponseSchema,
} from '../auth/auth-responses';
import { operatorSummarySchema } from './operators';
import { backofficePermissions } from './roles';

const permissionNames = Object.keys(backofficePermissions) as [keyof typeof backofficePermissions];

/** The operator logged in, and what their roles allow (every permission, true or false). */
export const operatorMeSchema = operatorSummarySchema.extend({
  permissions: z.record(z.enum(permissionNames), z.boolean()),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;
export const operatorMeAnswerSchema = z.object({ data: operatorMeSchema });

export const operatorListSchema = z.object({ data: z.array(operatorSummarySchema) });
export const operatorAnswerSchema = z.object({ data: operatorSummarySchema });

/** An operator invited: they get a single-use link that expires. */
export const invitedOperatorAnswerSchema = z.object({
  data: z.object({ operator: operatorSummarySchema, invitation: z.object({ expires_at: z.string() }) }),
});

/** Who an invitation is for, and the authenticator enrolment for them alone. */
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  expires_at: z.string(),
  enrolment: z.object({ secret: z.string(), uri: z.string(), qr_data_url: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationAnswerSchema = z.object({ data: invitationSchema });
export const acceptedInvitationAnswerSchema = z.object({ data: z.object({ email: z.string() }) });

// Operators log in through the same routes as clients (apps/api/src/modules/auth/login-routes.ts),
// so the answers are the same.
/** An operator's log-in, step 1: the challenge the one-time code answers. */
export const operatorLoginAnswerSchema = loginChallengeResponseSchema;
export type OperatorLoginChallenge = LoginChallenge;
export const operatorLoginVerifiedSchema = loginVerifiedResponseSchema;
