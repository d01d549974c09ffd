import { z } from 'zod';
import { clientRecordSchema } from '../onboarding/client-record';
import { clientDocumentSchema } from '../onboarding/onboarding-responses';
import { relatedClientOfRecordSchema } from '../settings/related-client-schemas';
import { relatedPersonAnswerSchema, settingsAnswerSchema } from '../settings/settings-schemas';
import { applicationGapSchema } from './application-gaps';
import { auditLogEntrySchema } from './audit-log';
import { backofficePageOf } from './page';

// What the back office's client reads answer: the review queues, a client's whole record and
// the decisions taken on it. Dates are ISO 8601 strings; amounts integer minor units.

/** A client in a review queue, newest first. */
export const applicationRowSchema = z.object({
  id: z.string(),
  type: z.enum(['PRIVATE', 'CORPORATE']),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  application_submitted_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;
export const applicationPageSchema = backofficePageOf(applicationRowSchema);

// The back office lists a client's documents in the shape the client sees them.
export type { ClientDocument } from '../onboarding/onboarding-responses';

// The sections come back from jsonb, which orders an object's keys by length, and in the order
// of their names; the answer is written in the schema's key order, so these follow the same.
const companyPartnerSchema = z.object({ name: z.string(), country: z.string() });
const companyPersonSchema = z.object({
  type: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  ownership_percent: z.number().int().optional(),
});

/** A company's sections as its onboarding saved them; a section not yet sent is absent. */
export const companyProfileSectionsSchema = z.object({
  activity_types: z.array(z.string()).optional(),
  client_info: z
    .object({
      website: z.string().optional(),
      legal_form: z.string().optional(),
      tax_residence: z.string().optional(),
      registration_date: z.string().optional(),
      registration_number: z.string().optional(),
      business_description: z.string(),
      expected_monthly_turnover: z.object({ amount: z.number().int(), currency: z.string() }).optional(),
    })
    .optional(),
  company_structure: z.array(companyPersonSchema).optional(),
  incoming_partners: z.array(companyPartnerSchema).optional(),
  outgoing_partners: z.array(companyPartnerSchema).optional(),
});
export type CompanyProfileSections = z.infer<typeof companyProfileSectionsSchema>;

export const clientDetailSchema = z.object({
  client: clientRecordSchema,
  /** What the application still lacks before it can be approved (empty: it can). */
  application_gaps: z.array(applicationGapSchema),
  addresses: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      country: z.string(),
      city: z.string(),
      address: z.string(),
      postcode: z.string(),
    }),
  ),
  identifications: z.array(
    z.object({
      id: z.string(),
      document_type: z.string(),
      status: z.string(),
      decision_reason: z.string().nullable(),
      date_of_birth: z.string().nullable(),
      document_expires_on: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  documents: z.array(clientDocumentSchema),
  company_profile: companyProfileSectionsSchema,
  update_require: z.object({
    activity_require: z.boolean(),
    address_require: z.boolean(),
    client_info_require: z.boolean(),
    partners_require: z.boolean(),
  }),
  /** When the client sent the update asked for; an operator accepts it to clear the flags. */
  update_submitted_at: z.string().nullable(),
  /** Which versions of the terms and privacy policy the client accepted at sign-up, and when
   * (null: signed up before the acceptance was asked for). */
  terms_acceptance: z
    .object({ terms_version: z.string(), privacy_version: z.string(), accepted_at: z.string() })
    .nullable(),
  /** The company's people with their documents, and its partners with high-risk countries marked. */
  related_persons: z.array(relatedPersonAnswerSchema),
  partners: settingsAnswerSchema.shape.partners,
  /** Other clients this client linked itself to, and how. */
  related_clients: z.array(relatedClientOfRecordSchema),
  /** Every decision operators took about the client, newest first. */
  reviews: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      reason: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
      operator_email: z.string(),
      created_at: z.string(),
    }),
  ),
  accounts: z.array(
    z.object({
      id: z.string(),
      currency: z.string(),
      name: z.string(),
      iban: z.string(),
      sort_code: z.string(),
      account_number: z.string(),
      balance: z.number().int(),
      available: z.number().int(),
    }),
  ),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;
export const clientDetailAnswerSchema = z.object({ data: clientDetailSchema });

/** A decision on an application, an identification or a data-update request: its outcome. */
export const clientDecisionAnswerSchema = z.object({ data: z.object({ status: z.string() }) });

export const auditLogPageSchema = backofficePageOf(auditLogEntrySchema);
