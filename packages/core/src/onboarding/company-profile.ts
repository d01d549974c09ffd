import { z } from 'zod';
import { defaultTextField } from '../auth/field-rules';
import { activityTypes } from '../reference/activity-types';
import { countryCodeSchema } from '../reference/countries';
import { clientPersonTypes, documentTypes, metaCodeSchema } from '../reference/meta-lists';
import { httpUrl } from '../schemas/http-url';
import { addressSchema } from './address';
import { attachmentsSchema } from './attachment';

// The business registration steps (docs/requirements/onboarding.md, "Registration steps"), in their minimal
// form until the corporate settings screens arrive: each section may be sent on its own, and
// the application goes for review once all seven compliance flags are set.
const partnerSchema = z.strictObject({
  name: defaultTextField(140),
  country: countryCodeSchema,
});

const personSchema = z.strictObject({
  type: metaCodeSchema(clientPersonTypes),
  first_name: defaultTextField(70),
  last_name: defaultTextField(70),
  /** Whole percent of ownership, when the person owns shares. */
  ownership_percent: z.number().int().min(0).max(100).optional(),
});

export const clientInfoSchema = z.strictObject({
  business_description: defaultTextField(1000, 10),
  website: httpUrl().optional(),
  /** Expected monthly turnover in integer minor units of EUR. */
  expected_monthly_turnover: z.strictObject({
    amount: z.number().int().min(0).max(1_000_000_000_000),
    currency: z.literal('EUR'),
  }),
});

export const companyProfileSchema = z
  .strictObject({
    legal_address: addressSchema.optional(),
    activity_types: z
      .array(metaCodeSchema(activityTypes))
      .min(1)
      .max(20)
      .refine((codes) => new Set(codes).size === codes.length, 'Each activity once')
      .optional(),
    client_info: clientInfoSchema.optional(),
    incoming_partners: z.array(partnerSchema).min(1).max(50).optional(),
    outgoing_partners: z.array(partnerSchema).min(1).max(50).optional(),
    company_structure: z.array(personSchema).min(1).max(50).optional(),
  })
  .refine((value) => Object.values(value).some((section) => section !== undefined), 'Nothing to save');

export type CompanyProfileInput = z.input<typeof companyProfileSchema>;

export const companyDocumentsSchema = z
  .strictObject({ attachments: attachmentsSchema(5) })
  .superRefine((value, context) => {
    const codes = documentTypes.map((type) => type.code as string);
    if (value.attachments.some((attachment) => !codes.includes(attachment.type))) {
      context.addIssue({ code: 'custom', path: ['attachments'], message: 'Unknown document type' });
    }
  });
