import { z } from 'zod';
import { validationMessages } from '../auth/validation-messages';
import { countryByCode } from '../reference/countries';

// Text that travels in payment messages. Payment schemes carry Latin script only
// (docs/requirements/validation.md; EPC's SEPA character set), so names, addresses and
// remittance text allow Latin letters (accents included: they are transliterated when a file is
// written), digits and the default rule's punctuation. Control, bidi and zero-width characters
// are refused because none of them is in the pattern (docs/reliability.md, bad input 9).
export const PAYMENT_TEXT_PATTERN = /^[\p{Script=Latin}0-9.,:?+()/' -]*$/u;
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const isNfc = (value: string) => value === value.normalize('NFC');

/** A Latin-only text field of at most `max` characters (names 70, remittance 140, as in SEPA). */
export function paymentTextField(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min, validationMessages.required)
    .max(max, `At most ${max} characters`)
    .regex(PAYMENT_TEXT_PATTERN, validationMessages.defaultField)
    .refine(isNfc, validationMessages.defaultField);
}

// ISO 9362: letters 5 and 6 are the bank's ISO 3166 country, so `COBAXXFF` is no BIC.
export const bicSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .regex(BIC_PATTERN, 'Invalid BIC/SWIFT code')
      .refine((value) => countryByCode(value.slice(4, 6)) !== undefined, 'Invalid BIC/SWIFT code'),
  );

/**
 * The EPC "basic Latin" character set a SEPA file may carry: accents are dropped (é -> e) and
 * anything else outside the set becomes a space, so a name like "Müller & Söhne" still travels.
 */
export function toSepaCharacters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * The reference people read out and type: the first eight characters of the payment's 32-character
 * end-to-end id (what the bank files carry), which finds it in a search too. Any other id is
 * shown as it is.
 */
export function paymentReferenceForPeople(endToEndId: string): string {
  return /^[0-9A-Fa-f]{32}$/.test(endToEndId) ? endToEndId.slice(0, 8).toUpperCase() : endToEndId;
}
