import type {
  AuthenticatorConfirmedResponse,
  ContactChangeStartedResponse,
  ContactKind,
  EmailChangedResponse,
  PasswordChangedResponse,
  PhoneChangedResponse,
  PhoneCorrection,
  RecoveryCodesLeftResponse,
  RecoveryCodesResponse,
  StepUpAction,
} from '@bluepeak/core/auth';
import type {
  AuthenticatorSecretResponse,
  ClientDataResponse,
  IdentificationListResponse,
  IdentificationSubmittedResponse,
  SecondFactorResponse,
  StepStatusResponse,
  StepUpChallengeResponse,
} from '@bluepeak/core/onboarding';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { clientQueryKeys } from '../../lib/client-session';

// Onboarding and the security settings: each step's call. Reads are `…Query` options, writes
// are functions named for what they do (lib/api-client.ts). Keys sit under ['client'] so
// log-out forgets them.
export const onboardingKeys = {
  identification: [...clientQueryKeys.all, 'identification'] as const,
  recoveryCodes: [...clientQueryKeys.all, 'recovery_codes'] as const,
};

const post = <T>(path: string, body?: unknown, idempotencyKey?: string) =>
  apiRequest<T>(path, { method: 'POST', body, idempotencyKey });

export const identificationQuery = queryOptions({
  queryKey: onboardingKeys.identification,
  queryFn: ({ signal }) => apiRequest<IdentificationListResponse>('/client/identification', { signal }),
  select: (body) => body.data,
});

export const submitIdentification = (body: unknown) =>
  post<IdentificationSubmittedResponse>('/client/identification', body);

export const saveAddress = (body: unknown) => post<StepStatusResponse>('/client/address', body);

export const saveCompanyProfile = (body: unknown) =>
  post<StepStatusResponse>('/client/company_profile', body);

export const uploadCompanyDocuments = (body: unknown) =>
  post<StepStatusResponse>('/client/company_documents', body);

export const sendPhoneCode = () => post<StepStatusResponse>('/client/phone/send_code');

export const verifyPhone = (body: unknown) => post<StepStatusResponse>('/client/phone/verify', body);

/** The sign-up number corrected while it is not verified; a code goes to the new one. */
export const correctPhone = (body: PhoneCorrection) => post<StepStatusResponse>('/client/phone', body);

export const confirmUpdateInfo = (body: unknown) => post<ClientDataResponse>('/client/update_info', body);

export const askStepUp = (action: StepUpAction) =>
  post<StepUpChallengeResponse>('/client/step_up', { action });

export const changePassword = (body: unknown) =>
  post<PasswordChangedResponse>('/client/password_change', body);

export const changeSecondFactor = (body: unknown) =>
  post<SecondFactorResponse>('/client/second_factor', body);

export const startAuthenticatorSetup = (body: unknown) =>
  post<AuthenticatorSecretResponse>('/client/totp/setup', body);

/** The new app's first code; the answer carries its recovery codes, this once. */
export const confirmAuthenticator = (body: unknown, idempotencyKey: string) =>
  post<AuthenticatorConfirmedResponse>('/client/totp/confirm', body, idempotencyKey);

/** How many of the authenticator's recovery codes are unused. */
export const recoveryCodesLeftQuery = queryOptions({
  queryKey: onboardingKeys.recoveryCodes,
  queryFn: ({ signal }) => apiRequest<RecoveryCodesLeftResponse>('/client/totp/recovery_codes', { signal }),
  select: (body) => body.data.remaining,
});

/** A new set of recovery codes (after step-up) in place of the old. */
export const renewRecoveryCodes = (body: unknown) =>
  post<RecoveryCodesResponse>('/client/totp/recovery_codes', body);

/** The log-in e-mail or phone: the new value with the step-up proof, then the code sent to it. */
export const startContactChange = (kind: ContactKind, body: unknown) =>
  post<ContactChangeStartedResponse>(`/client/${kind}_change`, body);

export const confirmContactChange = (kind: ContactKind, body: { challenge_id: string; code: string }) =>
  post<EmailChangedResponse | PhoneChangedResponse>(`/client/${kind}_change/confirm`, body);
