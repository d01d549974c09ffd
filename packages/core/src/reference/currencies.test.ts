import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fxReferenceRates } from '../fx-rates/fx-reference-rates';
import {
  accountCurrencies,
  accountCurrencyCodeSchema,
  currencies,
  currencyByCode,
  currencyCodeSchema,
  currencyExponent,
  isCurrencyCode,
} from './currencies';

const codes = currencies.map((currency) => currency.code);
const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];
const threeLetters = fc.string({ unit: fc.constantFrom(...letters), minLength: 3, maxLength: 3 });

describe('currencies', () => {
  it('holds every circulating ISO 4217 currency once, with well-formed codes', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(150);
    expect(currencies.length).toBeLessThanOrEqual(180);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(currencies.map((currency) => currency.numeric)).size).toBe(codes.length);
    for (const currency of currencies) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.numeric).toMatch(/^\d{3}$/);
      expect(currency.name.trim()).toBe(currency.name);
      expect([0, 2, 3, 4]).toContain(currency.exponent);
    }
  });

  it('uses the ISO minor units, not the digits Intl shows', () => {
    const exponents = Object.fromEntries(currencies.map((currency) => [currency.code, currency.exponent]));
    expect(exponents).toMatchObject({ JPY: 0, KRW: 0, ISK: 0, EUR: 2, GBP: 2, HUF: 2, IDR: 2 });
    expect(exponents).toMatchObject({ KWD: 3, BHD: 3, OMR: 3, JOD: 3, TND: 3, LYD: 3, IQD: 3, CLF: 4 });
    expect(currencyByCode('GBP')).toEqual({
      code: 'GBP',
      numeric: '826',
      name: 'Pound Sterling',
      exponent: 2,
    });
  });

  it('keeps the CFA, CFP and East Caribbean currencies but no funds, metals or test codes', () => {
    for (const code of ['XOF', 'XAF', 'XCD', 'XPF']) expect(isCurrencyCode(code)).toBe(true);
    const excluded = ['XAU', 'XAG', 'XTS', 'XXX', 'XDR', 'USN', 'HRK'];
    for (const code of excluded) expect(isCurrencyCode(code)).toBe(false);
  });

  it('accepts exactly the listed codes, in capitals only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...codes), threeLetters), (code) => {
        expect(isCurrencyCode(code)).toBe(codes.includes(code));
      }),
    );
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode(' EUR')).toBe(false);
  });

  it('finds every listed currency by its own code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), (currency) => {
        expect(currencyByCode(currency.code)).toBe(currency);
      }),
    );
  });

  it('refuses to be changed by a caller', () => {
    expect(Object.isFrozen(currencies)).toBe(true);
    expect(Object.isFrozen(currencyByCode('EUR'))).toBe(true);
  });
});

describe('currencyCodeSchema', () => {
  it('accepts a known code', () => {
    expect(currencyCodeSchema.parse('EUR')).toBe('EUR');
  });

  it('refuses other case, other lengths and unknown codes', () => {
    for (const bad of ['eur', 'EURO', 'EU', '', 'ABC', 978]) {
      expect(currencyCodeSchema.safeParse(bad).success).toBe(false);
    }
    expect(currencyCodeSchema.safeParse('ABC').error?.issues.map((issue) => issue.message)).toEqual([
      'Unknown currency',
    ]);
    expect(currencyCodeSchema.safeParse('eur').error?.issues).toHaveLength(1);
  });
});

describe('account currencies', () => {
  it('offers the 40 currencies of the batch-payment offer, each a known ISO currency with a rate', () => {
    expect(accountCurrencies).toHaveLength(40);
    expect(accountCurrencies.map((currency) => currency.code).slice(0, 14)).toEqual([
      ...['EUR', 'GBP', 'USD', 'CHF', 'PLN', 'SEK', 'NOK', 'DKK'],
      ...['CZK', 'HUF', 'RON', 'CAD', 'AUD', 'JPY'],
    ]);
    for (const currency of accountCurrencies) expect(fxReferenceRates[currency.code]).toMatch(/^\d/);
    for (const currency of accountCurrencies) expect(currencyByCode(currency.code)).toBe(currency);
  });

  it('refuses a real currency that accounts are not offered in', () => {
    expect(accountCurrencyCodeSchema.parse('GBP')).toBe('GBP');
    expect(accountCurrencyCodeSchema.safeParse('BGN').success).toBe(false);
  });
});

describe('currencyExponent', () => {
  it('gives the ISO minor units of a known currency', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('BHD')).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    for (const currency of currencies) expect(currencyExponent(currency.code)).toBe(currency.exponent);
  });

  it('throws on a code it does not know, naming it, rather than assume two decimals', () => {
    expect(() => currencyExponent('XYZ')).toThrow(RangeError);
    expect(() => currencyExponent('XYZ')).toThrow('Unknown currency: "XYZ"');
    expect(() => currencyExponent('jpy')).toThrow('Unknown currency: "jpy"');
    expect(() => currencyExponent('')).toThrow('Unknown currency: ""');
  });
});
