import type {
  EmailConfirmedResponse,
  LoginChallengeResponse,
  LoginVerifiedResponse,
  PasswordChangedResponse,
  RestoreSentResponse,
  SignUpAcceptedResponse,
} from '@bluepeak/core/auth';
import { apiRequest } from '../../lib/api-client';

// Sign-up, log-in, e-mail confirmation and restore: the calls that work without a session.
// Reads are `…Query` options, writes are functions named for what they do (lib/api-client.ts).
export const signUp = (kind: 'private' | 'business', body: unknown) =>
  apiRequest<SignUpAcceptedResponse>(`/auth/signup/${kind}`, { method: 'POST', body });

export const startLogIn = (body: unknown) =>
  apiRequest<LoginChallengeResponse>('/auth/login', { method: 'POST', body });

export const verifyLogIn = (body: unknown) =>
  apiRequest<LoginVerifiedResponse>('/auth/login/verify', { method: 'POST', body });

export const askRestoreLink = (body: unknown) =>
  apiRequest<RestoreSentResponse>('/auth/restore', { method: 'POST', body });

export const restorePassword = (hash: string, body: unknown) =>
  apiRequest<PasswordChangedResponse>(`/auth/restore/${hash}`, { method: 'POST', body });

export const resendConfirmation = (body: unknown) =>
  apiRequest<SignUpAcceptedResponse>('/auth/confirm_email/resend', { method: 'POST', body });

export const confirmEmail = (hash: string) =>
  apiRequest<EmailConfirmedResponse>('/auth/confirm_email', { method: 'POST', body: { hash } });
