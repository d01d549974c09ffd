import { describe, expect, it } from 'vitest';
import {
  activeCountries,
  activeCountryCodeSchema,
  countries,
  countryByCode,
  countryCodeSchema,
  countryRegion,
  flagEmoji,
} from './countries';

function codesWhere(predicate: (country: (typeof countries)[number]) => boolean): string[] {
  return countries.filter(predicate).map((country) => country.code);
}

describe('countries', () => {
  it('holds all 249 ISO 3166-1 countries once', () => {
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((country) => country.code)).size).toBe(249);
    expect(new Set(countries.map((country) => country.code3)).size).toBe(249);
    expect(new Set(countries.map((country) => country.name)).size).toBe(249);
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.code3).toMatch(/^[A-Z]{3}$/);
      expect(country.dial_code).toMatch(/^\+[1-9]\d{0,2}$/);
      expect(country.flag).toBe(flagEmoji(country.code));
    }
  });

  it('knows the alpha-3 code and dial code of familiar countries', () => {
    expect(countryByCode('GB')).toMatchObject({ code3: 'GBR', name: 'United Kingdom', dial_code: '+44' });
    expect(countryByCode('DE')).toMatchObject({ code3: 'DEU', dial_code: '+49' });
    expect(countryByCode('US')).toMatchObject({ code3: 'USA', dial_code: '+1' });
    expect(countryByCode('gb')).toBeUndefined();
  });

  it('computes flags from regional indicator symbols', () => {
    expect(flagEmoji('GB')).toBe('🇬🇧');
    expect(countryByCode('DE')?.flag).toBe('🇩🇪');
    expect(() => flagEmoji('gb')).toThrow();
  });

  it('has exactly the 30 EEA states, all in SEPA', () => {
    const eea = codesWhere((country) => country.is_eea);
    expect(eea).toHaveLength(30);
    expect(eea).toEqual(expect.arrayContaining(['DE', 'FR', 'IE', 'BG', 'HR', 'IS', 'LI', 'NO']));
    for (const country of countries.filter((c) => c.is_eea)) expect(country.is_sepa).toBe(true);
  });

  it('treats GB as UK and SEPA but not EEA, and the Crown dependencies as SEPA only', () => {
    expect(countryByCode('GB')).toMatchObject({ is_uk: true, is_eea: false, is_sepa: true });
    expect(codesWhere((country) => country.is_uk)).toEqual(['GB']);
    for (const code of ['GG', 'JE', 'IM']) {
      expect(countryByCode(code)).toMatchObject({ is_uk: false, is_eea: false, is_sepa: true });
    }
    for (const code of ['CH', 'MC', 'SM', 'VA', 'AD', 'AL', 'MD', 'ME', 'MK']) {
      expect(countryByCode(code)?.is_sepa).toBe(true);
    }
    for (const code of ['US', 'RS', 'TR', 'UA']) expect(countryByCode(code)?.is_sepa).toBe(false);
  });

  it('marks the FATF-listed countries high risk', () => {
    for (const code of ['KP', 'IR', 'MM', 'ZA', 'VN', 'MC', 'BG']) {
      expect(countryByCode(code)?.is_high_risk).toBe(true);
    }
    for (const code of ['GB', 'DE', 'US', 'HR']) expect(countryByCode(code)?.is_high_risk).toBe(false);
  });

  it('onboards from every country except the call-for-action and sanctioned ones', () => {
    const notOnboarded = codesWhere((country) => !country.active);
    expect(notOnboarded.sort()).toEqual(['BY', 'CU', 'IR', 'KP', 'MM', 'RU', 'SY']);
    expect(activeCountries).toHaveLength(242);
    expect(activeCountries.every((country) => country.active)).toBe(true);
  });
});

describe('countryRegion', () => {
  it('maps a country to its tariff column', () => {
    expect(countryRegion('GB')).toBe('UK');
    expect(countryRegion('DE')).toBe('EEA');
    expect(countryRegion('NO')).toBe('EEA');
    expect(countryRegion('US')).toBe('INTERNATIONAL');
    expect(countryRegion('JE')).toBe('INTERNATIONAL');
    expect(countryRegion('CH')).toBe('INTERNATIONAL');
  });

  it('throws on a code that is not a country, because that is a bug upstream', () => {
    expect(() => countryRegion('XK')).toThrow('Unknown country code');
  });
});

describe('country code schemas', () => {
  it('accepts known codes in capitals only', () => {
    expect(countryCodeSchema.parse('GB')).toBe('GB');
    for (const bad of ['gb', 'GBR', 'G', 'XK', 'ZZ', 44]) {
      expect(countryCodeSchema.safeParse(bad).success).toBe(false);
    }
    expect(countryCodeSchema.safeParse('ZZ').error?.issues.map((issue) => issue.message)).toEqual([
      'Unknown country',
    ]);
  });

  it('refuses countries we do not onboard from, with one message', () => {
    expect(activeCountryCodeSchema.parse('FR')).toBe('FR');
    expect(activeCountryCodeSchema.safeParse('RU').error?.issues.map((issue) => issue.message)).toEqual([
      'We cannot open accounts for clients from this country',
    ]);
    expect(activeCountryCodeSchema.safeParse('ZZ').error?.issues).toHaveLength(1);
  });
});
