import { z } from 'zod';
import { tariffSchema } from './tariff-schema';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour clock');

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
  // Structured, not prose: the web app words them in each language (locales' support_hours).
  support_hours: z
    .strictObject({
      first_day: z.enum(WEEKDAYS),
      last_day: z.enum(WEEKDAYS),
      opens: clockTime,
      closes: clockTime,
      time_zone: z.string().min(1),
    })
    .refine((hours) => hours.opens < hours.closes, 'support must close after it opens'),
  online_days_per_week: z.number().int().min(1).max(7),
  bank: z.strictObject({
    bic: z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
    iban_bank_code: z.string().regex(/^[A-Z]{4}$/),
    sort_code: z.string().regex(/^\d{6}$/),
  }),
  colors: z.strictObject({ primary: z.string().regex(/^#[0-9a-f]{6}$/i) }),
  tariff: tariffSchema,
});

export type Brand = z.infer<typeof brandSchema>;
