import type {
  ContactChangeStartedResponse,
  ContactKind,
  EmailChangedResponse,
  PasswordChangedResponse,
  PhoneChangedResponse,
  PhoneCorrection,
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

export const confirmAuthenticator = (body: unknown, idempotencyKey: string) =>
  post<StepStatusResponse>('/client/totp/confirm', body, idempotencyKey);

/** The log-in e-mail or phone: the new value with the step-up proof, then the code sent to it. */
export const startContactChange = (kind: ContactKind, body: unknown) =>
  post<ContactChangeStartedResponse>(`/client/${kind}_change`, body);

export const confirmContactChange = (kind: ContactKind, body: { challenge_id: string; code: string }) =>
  post<EmailChangedResponse | PhoneChangedResponse>(`/client/${kind}_change/confirm`, body);
