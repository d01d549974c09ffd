import { z } from 'zod';

// What the sign-up, log-in and restore routes answer (apps/api/src/modules/clients/sign-up-routes.ts,
// apps/api/src/modules/auth/), so the web app reads the same shapes the API sends.
export const signUpAcceptedResponseSchema = z.object({
  data: z.object({ status: z.literal('confirmation_sent') }),
});

export const botCheckResponseSchema = z.object({ data: z.object({ enabled: z.boolean() }) });

export const emailConfirmedResponseSchema = z.object({
  data: z.object({ email_confirmed: z.literal(true) }),
});

export const loginChallengeResponseSchema = z.object({
  data: z.object({ challenge_id: z.string(), factor: z.enum(['totp', 'sms', 'email']) }),
});

export const loginVerifiedResponseSchema = z.object({ data: z.object({ token: z.string() }) });

/** The login check and a session extension: the session is alive until these times. */
export const sessionStateResponseSchema = z.object({
  data: z.object({ alive: z.literal(true), idle_expires_at: z.string(), expires_at: z.string() }),
});

export const loggedOutResponseSchema = z.object({ data: z.object({ logged_out: z.literal(true) }) });

export const restoreSentResponseSchema = z.object({ data: z.object({ status: z.literal('sent_if_known') }) });

export const passwordChangedResponseSchema = z.object({
  data: z.object({ password_changed: z.literal(true) }),
});

export type SignUpAcceptedResponse = z.infer<typeof signUpAcceptedResponseSchema>;
export type BotCheckResponse = z.infer<typeof botCheckResponseSchema>;
export type EmailConfirmedResponse = z.infer<typeof emailConfirmedResponseSchema>;
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;
export type LoginChallenge = LoginChallengeResponse['data'];
export type LoginVerifiedResponse = z.infer<typeof loginVerifiedResponseSchema>;
export type SessionStateResponse = z.infer<typeof sessionStateResponseSchema>;
export type LoggedOutResponse = z.infer<typeof loggedOutResponseSchema>;
export type RestoreSentResponse = z.infer<typeof restoreSentResponseSchema>;
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponseSchema>;
