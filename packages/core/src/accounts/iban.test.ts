import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountDetailsQuerySchema } from './account-schemas';
import { checkIban, composeUkIban, formatIbanForPrint, formatSortCode, normalizeIban } from './iban';

describe('IBAN rules', () => {
  it('composes valid UK IBANs for every account number under a bank code and sort code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const accountNumber = String(n).padStart(8, '0');
        const iban = composeUkIban({ bankCode: 'BLPK', sortCode: '040099', accountNumber });
        expect(iban).toMatch(/^GB\d{2}BLPK040099\d{8}$/);
        expect(checkIban(iban)).toMatchObject({ valid: true, country: 'GB', bankIdentifier: 'BLPK' });
      }),
      { numRuns: 200 },
    );
    expect(() => composeUkIban({ bankCode: 'BLPK', sortCode: '04009', accountNumber: '12345678' })).toThrow();
  });

  it('names what is wrong with an IBAN', () => {
    expect(checkIban('DE89 3704 0044 0532 0130 00')).toMatchObject({
      valid: true,
      iban: 'DE89370400440532013000',
    });
    expect(checkIban('DE89370400440532013001')).toMatchObject({
      valid: false,
      code: 'iban_checksum_invalid',
    });
    expect(checkIban('DE8937040044053201300')).toMatchObject({ valid: false, code: 'iban_length_invalid' });
    expect(checkIban('XX89370400440532013000')).toMatchObject({ valid: false, code: 'iban_country_unknown' });
    expect(checkIban('DE89_370400440532013000')).toMatchObject({ valid: false, code: 'iban_format_invalid' });
    expect(checkIban('')).toMatchObject({ valid: false, code: 'iban_format_invalid' });
  });

  it('formats for print and normalises for lookups', () => {
    expect(formatIbanForPrint('GB33BLPK04009912345678')).toBe('GB33 BLPK 0400 9912 3456 78');
    expect(formatSortCode('040099')).toBe('04-00-99');
    expect(normalizeIban(' gb33 blpk 0400 9912 3456 78')).toBe('GB33BLPK04009912345678');
  });

  it('takes only plain positive whole numbers as a limit', () => {
    expect(accountDetailsQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(accountDetailsQuerySchema.parse({ limit: '7' })).toEqual({ limit: 7 });
    for (const limit of ['0', '-1', '0x10', '1e2', ' 12 ', '', '101', '٣', ['1', '2']]) {
      expect(accountDetailsQuerySchema.safeParse({ limit }).success, String(limit)).toBe(false);
    }
  });
});
