import { z } from 'zod';
import { addressLineSchema, citySchema } from '../auth/field-rules';
import { activeCountryCodeSchema } from '../reference/countries';
import { addressTypes, metaCodeSchema } from '../reference/meta-lists';
import { postcodeProblem } from './place-check';

// /dashboard/address (docs/requirements/onboarding.md and docs/requirements/validation.md): the
// address and city rules, a postcode that fits the country, and a country we accept
// clients from.
export const addressSchema = z
  .strictObject({
    type: metaCodeSchema(addressTypes).default('LEGAL'),
    country: activeCountryCodeSchema,
    city: citySchema,
    address: addressLineSchema,
    postcode: z.string().trim().max(12).default(''),
  })
  .superRefine((value, context) => {
    const problem = postcodeProblem(value.postcode, value.country);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, path: ['postcode'] });
  });

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
