import { z } from 'zod';
import { clientRecordSchema, updateRequireSchema } from './client-record';

// What the client's profile, onboarding and security-setting routes answer
// (apps/api/src/modules/clients/*-routes.ts), so the web app reads the same shapes the API sends.
export const clientDataResponseSchema = z.object({ data: clientRecordSchema });

export const updateRequireResponseSchema = z.object({ data: updateRequireSchema });

/** A step saved: `application_submitted` once the application is complete, else `saved` (or a code sent). */
export const stepStatusResponseSchema = z.object({ data: z.object({ status: z.string() }) });

export const identificationSubmittedResponseSchema = z.object({
  data: z.object({ id: z.string(), status: z.literal('PENDING') }),
});

export const identificationSubmissionSchema = z.object({
  id: z.string(),
  document_type: z.string(),
  status: z.string(),
  decision_reason: z.string().nullable(),
  /** YYYY-MM-DD as given; null for a check made before it was asked. */
  document_expires_on: z.string().nullable(),
  /** Masked: only the last four characters (maskDocumentNumber). */
  document_number: z.string().nullable(),
  created_at: z.string(),
});

export const identificationListResponseSchema = z.object({ data: z.array(identificationSubmissionSchema) });

/** A document the client uploaded (its bytes are fetched apart). */
export const clientDocumentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  submission_id: z.string().nullable(),
  /** Set for a related person's document. */
  related_person_id: z.string().nullable(),
  /** The operator's review; a refused document says why. */
  review_status: z.enum(['pending', 'accepted', 'rejected']),
  review_reason: z.string().nullable(),
  created_at: z.string(),
});

export const clientDocumentListResponseSchema = z.object({ data: z.array(clientDocumentSchema) });

export const stepUpChallengeResponseSchema = z.object({
  data: z.object({
    challenge_id: z.string(),
    factor: z.enum(['totp', 'sms', 'email']),
    expires_at: z.string(),
  }),
});

export const authenticatorSecretSchema = z.object({
  otpauth_uri: z.string(),
  qr_code: z.string(),
  secret: z.string(),
});

export const authenticatorSecretResponseSchema = z.object({ data: authenticatorSecretSchema });

export const secondFactorResponseSchema = z.object({
  data: z.object({ second_factor: z.enum(['email', 'sms']) }),
});

export type ClientDataResponse = z.infer<typeof clientDataResponseSchema>;
export type UpdateRequireResponse = z.infer<typeof updateRequireResponseSchema>;
export type StepStatusResponse = z.infer<typeof stepStatusResponseSchema>;
export type IdentificationSubmittedResponse = z.infer<typeof identificationSubmittedResponseSchema>;
export type IdentificationSubmission = z.infer<typeof identificationSubmissionSchema>;
export type IdentificationListResponse = z.infer<typeof identificationListResponseSchema>;
export type ClientDocument = z.infer<typeof clientDocumentSchema>;
export type StepUpChallengeResponse = z.infer<typeof stepUpChallengeResponseSchema>;
export type AuthenticatorSecret = z.infer<typeof authenticatorSecretSchema>;
export type AuthenticatorSecretResponse = z.infer<typeof authenticatorSecretResponseSchema>;
export type SecondFactorResponse = z.infer<typeof secondFactorResponseSchema>;
