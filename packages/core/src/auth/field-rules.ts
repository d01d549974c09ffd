import { z } from 'zod';
import { validationMessages } from './validation-messages';

// The field rules of docs/requirements/validation.md as reusable zod schemas. Each refuses what its rule does
// not list, which also keeps out control characters (NUL, CR/LF), bidi overrides (U+202E) and
// zero-width characters (docs/reliability.md, bad input 9): none of them is a letter or a digit.
// Combining marks are not letters either, so a decomposed (non-NFC) "é" is refused too.

/** Default rule: letters, digits and . , : ? + ( ) / ' space and hyphen. */
export const DEFAULT_FIELD_PATTERN = /^[\p{L}\p{N}.,:?+()/' -]*$/u;
/** latin_num: only Latin letters and digits (also the IBAN body). */
export const LATIN_NUM_PATTERN = /^[A-Za-z0-9]*$/;
/** numbersOnly (UK sort code and the like). */
export const NUMBERS_ONLY_PATTERN = /^[0-9]*$/;
// Address: letters, digits, whitespace, hyphen, underscore, backslash, pipe, slash, dot, comma,
// colon. "Whitespace" is the space alone here: a tab or line break in an address line is a
// control character that breaks payment files and logs. Letters are Latin (with accents), as
// the city message says ("Latin alphabet symbols only") and payment schemes require.
export const ADDRESS_PATTERN = /^[\p{Script=Latin}0-9 \-_\\|/.,:]+$/u;
/** Address city: as the address, without digits. */
export const CITY_PATTERN = /^[\p{Script=Latin} \-_\\|/.,:]+$/u;

const isNfc = (value: string) => value === value.normalize('NFC');

/** A required text field under the default rule, trimmed, between `min` and `max` characters. */
export function defaultTextField(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min, validationMessages.required)
    .max(max, `At most ${max} characters`)
    .regex(DEFAULT_FIELD_PATTERN, validationMessages.defaultField)
    .refine(isNfc, validationMessages.defaultField);
}

export function latinNumField(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min, validationMessages.required)
    .max(max, `At most ${max} characters`)
    .regex(LATIN_NUM_PATTERN, validationMessages.latinNum);
}

export function numbersOnlyField(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(min, validationMessages.required)
    .max(max, `At most ${max} characters`)
    .regex(NUMBERS_ONLY_PATTERN, validationMessages.numbersOnly);
}

/**
 * numbersOnly at a fixed length (sort codes, UK account numbers): anything but a digit gets the
 * numbersOnly message and stops there, so the length message speaks only of a wrong count.
 */
export function digitsOnly(length: number, lengthMessage: string) {
  return z
    .string()
    .regex(NUMBERS_ONLY_PATTERN, { error: validationMessages.numbersOnly, abort: true })
    .length(length, lengthMessage);
}

export const addressLineSchema = z
  .string()
  .trim()
  .min(1, validationMessages.required)
  .max(200, 'At most 200 characters')
  .regex(ADDRESS_PATTERN, validationMessages.address)
  .refine(isNfc, validationMessages.address);

export const citySchema = z
  .string()
  .trim()
  .min(1, validationMessages.required)
  .max(100, 'At most 100 characters')
  .regex(CITY_PATTERN, validationMessages.city)
  .refine(isNfc, validationMessages.city);

export const emailSchema = z
  .string()
  .trim()
  .max(254, validationMessages.email)
  .pipe(z.email(validationMessages.email));
