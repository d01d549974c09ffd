import { describe, expect, it } from 'vitest';
import { isHighRiskPayee, payeeCountries } from './payee-risk';

describe('the countries that decide the high-risk surcharge', () => {
  it('reads a SEPA payee’s country from its IBAN, written with spaces or in lower case', () => {
    expect(payeeCountries('sepa', { iban: 'bg80 bnbg 9661 1020 3456 78' })).toEqual({
      payee_country: 'BG',
      bank_country: null,
    });
    expect(payeeCountries('sepa', { iban: 'DE89370400440532013000' }).payee_country).toBe('DE');
    expect(payeeCountries('sepa', { iban: '' }).payee_country).toBeNull();
    expect(payeeCountries('sepa', {}).payee_country).toBeNull();
  });

  it('reads a SWIFT payee’s country and its bank’s from the SWIFT code', () => {
    expect(payeeCountries('international', { country: 'NG', swift: 'chasus33' })).toEqual({
      payee_country: 'NG',
      bank_country: 'US',
    });
    expect(payeeCountries('international', { country: '', swift: 'CH' })).toEqual({
      payee_country: null,
      bank_country: null,
    });
    expect(payeeCountries('international', { country: 'XX', swift: 'ABCDXX22' })).toEqual({
      payee_country: null,
      bank_country: null,
    });
  });

  it('gives Faster Payments and internal payees no country', () => {
    const none = { payee_country: null, bank_country: null };
    expect(payeeCountries('faster_pay', { sort_code: '123456', account_number: '12345678' })).toEqual(none);
    expect(payeeCountries('internal', { account_number: 'BG80BNBG96611020345678' })).toEqual(none);
  });

  it('adds the surcharge when either country is on the high-risk list', () => {
    expect(isHighRiskPayee({ payee_country: 'BG', bank_country: null })).toBe(true);
    expect(isHighRiskPayee({ payee_country: 'US', bank_country: 'NG' })).toBe(true);
    expect(isHighRiskPayee({ payee_country: 'DE', bank_country: 'US' })).toBe(false);
    expect(isHighRiskPayee({ payee_country: null, bank_country: null })).toBe(false);
  });
});
