import { z } from 'zod';
import { defaultTextField, emailSchema } from '../auth/field-rules';
import { phoneSchema } from '../auth/phone';
import { addressSchema } from '../onboarding/address';
import { attachmentsSchema } from '../onboarding/attachment';
import {
  activityTypesSchema,
  clientInfoSchema,
  companyStructureSchema,
  partnerListSchema,
} from '../onboarding/company-profile';
import { calendarDaySchema } from '../onboarding/identity-dates';
import { clientDocumentSchema } from '../onboarding/onboarding-responses';
import { countryCodeSchema } from '../reference/countries';
import {
  clientPersonTypes,
  documentTypes,
  identificationDocumentTypes,
  metaCodeSchema,
  sourceOfWealthTypes,
} from '../reference/meta-lists';

// The settings pages under /dashboard/settings (docs/requirements/settings.md): each page's body,
// and the one read that fills them all.
export const contactSchema = z.strictObject({
  name: defaultTextField(140),
  role: defaultTextField(80).optional(),
  email: emailSchema,
  phone: phoneSchema.optional(),
});
export const contactsSchema = z.array(contactSchema).min(1).max(10);

export const relatedPersonSchema = z.strictObject({
  first_name: defaultTextField(70),
  last_name: defaultTextField(70),
  date_of_birth: calendarDaySchema,
  nationality: countryCodeSchema,
  roles: z
    .array(metaCodeSchema(clientPersonTypes))
    .min(1)
    .max(6)
    .refine((codes) => new Set(codes).size === codes.length, 'Each role once'),
  /** Whole percent of the company this person owns, directly or not. */
  ownership_percent: z.number().int().min(0).max(100).default(0),
  email: emailSchema.optional(),
});
export type RelatedPersonInput = z.input<typeof relatedPersonSchema>;

export const wealthSchema = z.strictObject({
  sources: z
    .array(metaCodeSchema(sourceOfWealthTypes))
    .min(1)
    .max(10)
    .refine((codes) => new Set(codes).size === codes.length, 'Each source once'),
  description: defaultTextField(1000, 10),
});

const personDocumentCodes = [...documentTypes, ...identificationDocumentTypes].map(
  (item) => item.code as string,
);

/** A related person's document or identity document: the file and what it is. */
export const personDocumentSchema = z.strictObject({
  attachments: attachmentsSchema(3).refine(
    (files) => files.every((file) => personDocumentCodes.includes(file.type)),
    'Unknown document type',
  ),
});

export const partnerDirections = ['incoming', 'outgoing'] as const;
/** Which partner a removal means besides its place: its name, so a changed list loses no other. */
export const partnerRemovalQuerySchema = z.strictObject({ name: z.string().min(1).max(140) });

export const settingsBodies = {
  client_info: clientInfoSchema,
  contacts: contactsSchema,
  activity_types: activityTypesSchema,
  partners: partnerListSchema,
  company_structure: companyStructureSchema,
  address: addressSchema,
};

const partnerAnswer = z.object({
  name: z.string(),
  country: z.string(),
  expected_monthly_volume: z.object({ amount: z.number().int(), currency: z.literal('EUR') }).optional(),
  /** On the FATF lists: the compliance officer looks twice. */
  high_risk: z.boolean(),
});

const addressAnswer = z.object({
  type: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
});

export const relatedPersonAnswerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  nationality: z.string().nullable(),
  roles: z.array(z.string()),
  ownership_percent: z.number().int(),
  email: z.string().nullable(),
  address: addressAnswer.nullable(),
  wealth: z.object({ sources: z.array(z.string()), description: z.string() }).nullable(),
  documents: z.array(clientDocumentSchema),
  /** A UBO without an identity document or an address is not yet complete. */
  complete: z.boolean(),
});
export type RelatedPersonAnswer = z.infer<typeof relatedPersonAnswerSchema>;

export const settingsAnswerSchema = z.object({
  type: z.enum(['PRIVATE', 'CORPORATE']),
  client_info: z.record(z.string(), z.unknown()).nullable(),
  addresses: z.array(addressAnswer),
  contacts: z.array(
    z.object({
      name: z.string(),
      role: z.string().optional(),
      email: z.string(),
      phone: z.string().optional(),
    }),
  ),
  activity_types: z.array(z.string()),
  partners: z.object({ incoming: z.array(partnerAnswer), outgoing: z.array(partnerAnswer) }),
  company_structure: z.array(
    z.object({
      type: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      ownership_percent: z.number().int().optional(),
      related_person_id: z.string().optional(),
    }),
  ),
  related_persons: z.array(relatedPersonAnswerSchema),
  documents: z.array(clientDocumentSchema),
  /** What is still missing for a complete profile (the compliance flags that are false). */
  missing: z.array(z.string()),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;
export const settingsResponseSchema = z.object({ data: settingsAnswerSchema });
export const relatedPersonResponseSchema = z.object({ data: relatedPersonAnswerSchema });
export const settingsSavedResponseSchema = z.object({ data: z.object({ saved: z.literal(true) }) });
