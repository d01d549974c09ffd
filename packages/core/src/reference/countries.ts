import { z } from 'zod';
import { type CountryRow, countryRows } from './country-data';

export type Country = CountryRow & {
  flag: string;
  is_uk: boolean;
  is_eea: boolean;
  is_sepa: boolean;
  is_high_risk: boolean;
  active: boolean;
};

/** The tariff's three price columns (docs/requirements/tariff.md); the same union as TariffRegion. */
export type CountryRegion = 'UK' | 'EEA' | 'INTERNATIONAL';

// The Crown dependencies (GG, JE, IM) and the overseas territories are not part of the United
// Kingdom in law, so they are priced as international even where they use sterling.
const UK = new Set(['GB']);

// The 27 EU member states plus Iceland, Liechtenstein and Norway. EU outermost regions that have
// an ISO code of their own (GF, GP, MQ, RE, YT, MF) and Åland (AX) are EU territory, but an
// address there is recorded under its own code, so they are listed as SEPA below, not here.
const EEA = new Set([
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE'],
  ...['IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  ...['IS', 'LI', 'NO'],
]);

// EPC409-09, "EPC list of countries and territories of the SEPA schemes", as of 2025: the EEA,
// the territories listed with it, the non-EEA participants and the four countries admitted in
// 2024-2025 (AL, MD, ME, MK). Serbia had applied but was not yet admitted when this was written.
const SEPA = new Set([
  ...EEA,
  ...['AX', 'GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'BL', 'PM', 'GI'],
  ...['GB', 'CH', 'MC', 'SM', 'VA', 'AD', 'GG', 'JE', 'IM'],
  ...['AL', 'MD', 'ME', 'MK'],
]);

// FATF "High-risk jurisdictions subject to a call for action": FATF asks its members to apply
// countermeasures, so no business relationship is allowed (see ACTIVE below).
const FATF_CALL_FOR_ACTION = ['KP', 'IR', 'MM'];

// FATF "Jurisdictions under increased monitoring" (the grey list) of 13 June 2025. The UK's
// high-risk third countries (Money Laundering Regulations 2017, Schedule 3ZA) follow FATF's two
// lists, so these clients get enhanced due diligence and the high-risk surcharge of
// docs/requirements/tariff.md. Compliance must re-check this after every FATF plenary (February,
// June, October).
const FATF_INCREASED_MONITORING = [
  ...['DZ', 'AO', 'BO', 'BG', 'BF', 'CM', 'CI', 'CD', 'HT', 'KE', 'LA', 'LB'],
  ...['MC', 'MZ', 'NA', 'NP', 'NG', 'ZA', 'SS', 'SY', 'VE', 'VN', 'VG', 'YE'],
];

const HIGH_RISK = new Set([...FATF_CALL_FOR_ACTION, ...FATF_INCREASED_MONITORING]);

// Countries we do not onboard clients from. The call-for-action countries need countermeasures
// that no small e-money institution can run. RU and BY are under UK and EU sanctions that cap
// deposits and e-money for their nationals and residents; CU is under the US embargo, which our USD
// correspondent banks apply to every payment they clear; SY keeps targeted designations after the
// 2025 easing and sits on the grey list. This is risk appetite, owned by compliance, not law alone.
const NOT_ONBOARDED = new Set([...FATF_CALL_FOR_ACTION, 'SY', 'CU', 'RU', 'BY']);

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The emoji flag of a country: its two letters as Unicode regional indicator symbols. */
export function flagEmoji(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) throw new Error(`Not an ISO 3166-1 alpha-2 code: ${code}`);
  const letters = [...code].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65);
  return String.fromCodePoint(...letters);
}

function toCountry(row: CountryRow): Country {
  return Object.freeze({
    ...row,
    flag: flagEmoji(row.code),
    is_uk: UK.has(row.code),
    is_eea: EEA.has(row.code),
    is_sepa: SEPA.has(row.code),
    is_high_risk: HIGH_RISK.has(row.code),
    active: !NOT_ONBOARDED.has(row.code),
  });
}

export const countries: readonly Country[] = Object.freeze(countryRows.map(toCountry));

const countriesByCode: ReadonlyMap<string, Country> = new Map(
  countries.map((country) => [country.code, country]),
);

export function countryByCode(code: string): Country | undefined {
  return countriesByCode.get(code);
}

/** What GET /meta/active_countries returns: the countries a client may come from. */
export const activeCountries: readonly Country[] = Object.freeze(countries.filter((c) => c.active));

/**
 * The tariff column for a client's country. An unknown code is a bug (input is validated with
 * countryCodeSchema first), so it throws rather than quietly pricing as international.
 */
export function countryRegion(code: string): CountryRegion {
  const country = countryByCode(code);
  if (!country) throw new Error(`Unknown country code: ${code}`);
  if (country.is_uk) return 'UK';
  if (country.is_eea) return 'EEA';
  return 'INTERNATIONAL';
}

export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, { error: 'Country code must be 2 capital letters', abort: true })
  .refine((code) => countriesByCode.has(code), { error: 'Unknown country', abort: true });

// For onboarding forms: a known country that we also accept clients from.
export const activeCountryCodeSchema = countryCodeSchema.refine(
  (code) => countryByCode(code)?.active === true,
  { error: 'We cannot open accounts for clients from this country' },
);
