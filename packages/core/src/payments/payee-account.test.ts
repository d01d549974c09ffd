import { describe, expect, it } from 'vitest';
import { payeeAccountKey } from './payee-account';

describe('the account a payee names', () => {
  it('is the IBAN of a SEPA payee, whatever the name, BIC or spacing', () => {
    const saved = payeeAccountKey('sepa', {
      name: 'Erika',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    expect(payeeAccountKey('sepa', { name: 'E. Mustermann', iban: 'de89 3704 0044 0532 0130 00' })).toBe(
      saved,
    );
    expect(payeeAccountKey('sepa', { name: 'Erika', iban: 'DE02120300000000202051' })).not.toBe(saved);
  });

  it('is the sort code and account number of a Faster Payments payee', () => {
    const key = payeeAccountKey('faster_pay', {
      name: 'Tom',
      sort_code: '12-34-56',
      account_number: '12345678',
    });
    expect(
      payeeAccountKey('faster_pay', { name: 'T', sort_code: '123456', account_number: '12345678' }),
    ).toBe(key);
    expect(
      payeeAccountKey('faster_pay', { name: 'Tom', sort_code: '123457', account_number: '12345678' }),
    ).not.toBe(key);
  });

  it('is the account and the bank of a SWIFT payee, the head office with or without XXX', () => {
    const key = payeeAccountKey('international', { account_number: '123456789', swift: 'CHASUS33XXX' });
    expect(payeeAccountKey('international', { account_number: '123456789', swift: 'CHASUS33' })).toBe(key);
    expect(payeeAccountKey('international', { account_number: '123456789', swift: 'BOFAUS3N' })).not.toBe(
      key,
    );
  });

  it('keeps payment types apart: the same IBAN saved for SEPA and for SWIFT are two recipients', () => {
    expect(payeeAccountKey('sepa', { iban: 'DE89370400440532013000' })).not.toBe(
      payeeAccountKey('internal', { account_number: 'DE89370400440532013000' }),
    );
  });
});
