import { z } from 'zod';
import { tariffSchema } from './tariff-schema';

export const brandSchema = z.strictObject({
  trading_name: z.string().min(1),
  legal_name: z.string().min(1),
  company_number: z.string().min(1),
  frn: z.string().regex(/^\d{6,7}$/),
  regulatory_statement: z.string().min(1),
  registered_address: z.strictObject({
    lines: z.array(z.string().min(1)).min(1),
    postcode: z.string().min(1),
    country: z.string().length(2),
  }),
  support_email: z.email(),
  support_phone: z.string().regex(/^\+\d[\d ]{6,20}$/),
  support_hours: z.string().min(1),
  online_hours: z.string().min(1),
  bank: z.strictObject({
    bic: z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
    iban_bank_code: z.string().regex(/^[A-Z]{4}$/),
    sort_code: z.string().regex(/^\d{6}$/),
  }),
  colors: z.strictObject({ primary: z.string().regex(/^#[0-9a-f]{6}$/i) }),
  tariff: tariffSchema,
});

export type Brand = z.infer<typeof brandSchema>;
