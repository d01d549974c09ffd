import { z } from 'zod';
import { defaultTextField } from '../auth/field-rules';
import { activityTypes } from '../reference/activity-types';
import { countryCodeSchema } from '../reference/countries';
import { clientPersonTypes, documentTypes, metaCodeSchema } from '../reference/meta-lists';
import { httpUrl } from '../schemas/http-url';
import { addressSchema } from './address';
import { attachmentsSchema } from './attachment';
import { calendarDaySchema } from './identity-dates';

// The business registration steps (docs/requirements/onboarding.md, "Registration steps"), as the
// registration page sends them: each section may be sent on its own, and the application goes for
// review once all seven compliance flags are set.
/** Integer minor units of EUR a month (docs/decisions/0002). */
const monthlyEurSchema = z.strictObject({
  amount: z.number().int().min(0).max(1_000_000_000_000),
  currency: z.literal('EUR'),
});

export const partnerSchema = z.strictObject({
  name: defaultTextField(140),
  country: countryCodeSchema,
  /** What the client expects to receive from, or pay to, this partner each month. */
  expected_monthly_volume: monthlyEurSchema.optional(),
});

export const companyStructureEntrySchema = z.strictObject({
  type: metaCodeSchema(clientPersonTypes),
  first_name: defaultTextField(70),
  last_name: defaultTextField(70),
  /** Whole percent of ownership, when the person owns shares. */
  ownership_percent: z.number().int().min(0).max(100).optional(),
  /** The related person this entry is; made from the names when not given. */
  related_person_id: z.uuid().optional(),
});

/** Everyone's shares together: a company cannot be owned more than once over. */
export const companyStructureSchema = z
  .array(companyStructureEntrySchema)
  .min(1)
  .max(50)
  .refine(
    (entries) => entries.reduce((sum, entry) => sum + (entry.ownership_percent ?? 0), 0) <= 100,
    'The ownership percentages add up to more than 100',
  );

export const activityTypesSchema = z
  .array(metaCodeSchema(activityTypes))
  .min(1)
  .max(20)
  .refine((codes) => new Set(codes).size === codes.length, 'Each activity once');

export const partnerListSchema = z.array(partnerSchema).min(1).max(50);

export const clientInfoSchema = z.strictObject({
  business_description: defaultTextField(1000, 10),
  website: httpUrl().optional(),
  registration_number: defaultTextField(40).optional(),
  registration_date: calendarDaySchema.optional(),
  legal_form: defaultTextField(80).optional(),
  tax_residence: countryCodeSchema.optional(),
  /** Expected monthly turnover in integer minor units of EUR. */
  expected_monthly_turnover: z.strictObject({
    amount: z.number().int().min(0).max(1_000_000_000_000),
    currency: z.literal('EUR'),
  }),
});

export const companyProfileSchema = z
  .strictObject({
    legal_address: addressSchema.optional(),
    activity_types: activityTypesSchema.optional(),
    client_info: clientInfoSchema.optional(),
    incoming_partners: partnerListSchema.optional(),
    outgoing_partners: partnerListSchema.optional(),
    company_structure: companyStructureSchema.optional(),
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
