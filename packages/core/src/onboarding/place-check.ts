import { countryByCode } from '../reference/countries';
import { postcodeFitsCountry } from './postcode';

// docs/reliability.md, bad input 21: a well-formed country code we do not serve, and a postcode that
// does not fit its country, are refused as unprocessable (422 with `detail`), not as malformed
// (400). The zod schemas say the same to the web form; this finds the two cases in a raw body
// before the schema runs, so the API can answer with the right status.
export type PlaceProblem = {
  field: 'country' | 'postcode';
  code: 'country_not_supported' | 'postcode_mismatch';
  message: string;
};

export const placeMessages = {
  country: 'We cannot open accounts for clients from this country',
  postcode: 'This postcode does not fit the country',
  postcodeMissing: 'Enter the postcode',
} as const;

/** What is wrong with a postcode for its country, or null: missing where the country has them, or the wrong shape. */
export function postcodeProblem(postcode: string, country: string): string | null {
  if (postcodeFitsCountry(postcode, country)) return null;
  return postcode.trim() === '' ? placeMessages.postcodeMissing : placeMessages.postcode;
}

/**
 * Checks `{ country, postcode? }` as sent. Returns null when the shape is wrong (the schema
 * answers 400 for that) or when the place is fine.
 */
export function findPlaceProblem(place: unknown, checkPostcode: boolean): PlaceProblem | null {
  if (typeof place !== 'object' || place === null) return null;
  const { country, postcode } = place as { country?: unknown; postcode?: unknown };
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return null;
  if (countryByCode(country)?.active !== true) {
    return { field: 'country', code: 'country_not_supported', message: placeMessages.country };
  }
  if (!checkPostcode) return null;
  const given = postcode === undefined ? '' : postcode;
  if (typeof given !== 'string' || given.length > 12) return null;
  const problem = postcodeProblem(given, country);
  return problem === null ? null : { field: 'postcode', code: 'postcode_mismatch', message: problem };
}
