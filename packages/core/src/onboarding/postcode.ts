// Postcode formats of the countries most of our clients come from (ASVS 2.2.3: a postcode must
// fit its country). Other countries get a generic check: 2 to 10 Latin letters, digits, spaces
// or hyphens. A country without postcodes may leave it empty.
const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  GB: /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i,
  IE: /^[AC-FHKNPRTV-Y][0-9]{2}[0-9W]? ?[0-9AC-FHKNPRTV-Y]{4}$/i,
  DE: /^[0-9]{5}$/,
  FR: /^[0-9]{5}$/,
  IT: /^[0-9]{5}$/,
  ES: /^[0-9]{5}$/,
  NL: /^[1-9][0-9]{3} ?[A-Z]{2}$/i,
  BE: /^[1-9][0-9]{3}$/,
  AT: /^[1-9][0-9]{3}$/,
  CH: /^[1-9][0-9]{3}$/,
  PL: /^[0-9]{2}-[0-9]{3}$/,
  PT: /^[0-9]{4}-[0-9]{3}$/,
  SE: /^[0-9]{3} ?[0-9]{2}$/,
  US: /^[0-9]{5}(-[0-9]{4})?$/,
  CA: /^[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]$/i,
};

// Countries where addresses carry no postcode at all (UPU), so an empty one is right there.
const WITHOUT_POSTCODE = new Set(['AE', 'AG', 'AO', 'BS', 'BZ', 'HK', 'QA', 'SC', 'TV', 'ZW']);

const GENERIC_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/;

/** Whether an address in this country must carry a postcode (the form marks it required). */
export function postcodeRequired(country: string): boolean {
  return !WITHOUT_POSTCODE.has(country);
}

export function postcodeFitsCountry(postcode: string, country: string): boolean {
  const value = postcode.trim();
  if (value === '') return WITHOUT_POSTCODE.has(country);
  return (POSTCODE_PATTERNS[country] ?? GENERIC_POSTCODE).test(value);
}
