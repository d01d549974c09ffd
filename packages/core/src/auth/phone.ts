import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { validationMessages } from './validation-messages';

// A phone number in international form ("+44 7911 123456"), stored and sent as E.164
// ("+447911123456") so one number has one spelling for duplicates, SMS and support.
export function normalisePhone(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/^\+[0-9 ()-]{6,30}$/.test(trimmed)) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The example the forms show: a number this very check accepts (tested). */
export const PHONE_EXAMPLE = '+44 7911 123456';

export const phoneSchema = z
  .string()
  .max(40, validationMessages.phone)
  .transform((value, context) => {
    const normalised = normalisePhone(value);
    if (normalised === undefined) {
      context.addIssue({ code: 'custom', message: validationMessages.phone });
      return z.NEVER;
    }
    return normalised;
  });
