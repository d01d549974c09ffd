import { describe, expect, it } from 'vitest';
import { rowPayee } from './row-payee';

const row = (
  type: string | null,
  fields: Record<string, string>,
  errors: { field: string; message: string }[] = [],
) => ({
  type,
  name: fields.name ?? '',
  fields,
  errors,
});

describe('rowPayee', () => {
  it('gives a SEPA row its IBAN and BIC as typed, without spaces', () => {
    expect(
      rowPayee(row('sepa', { name: 'Erika', iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' })),
    ).toEqual({
      type: 'sepa',
      details: { name: 'Erika', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
  });

  it('gives a Faster Payments row its sort code and account number', () => {
    expect(
      rowPayee(row('faster_pay', { name: 'Jo', sort_code: '040004', account_number: '12345678' })),
    ).toEqual({
      type: 'faster_pay',
      details: { name: 'Jo', sort_code: '040004', account_number: '12345678' },
    });
  });

  it('gives a SWIFT row the IBAN as account number, its country, the bank and the address', () => {
    const fields = {
      name: 'Ana',
      iban: 'BR1800360305000010009795493C1',
      bic: 'BOFABRSPXXX',
      bank_name: 'Banco',
      address: 'Rua 1',
    };
    expect(rowPayee(row('international', fields))?.details).toEqual({
      name: 'Ana',
      account_number: 'BR1800360305000010009795493C1',
      country: 'BR',
      swift: 'BOFABRSPXXX',
      bank_name: 'Banco',
      address: 'Rua 1',
    });
  });

  it('offers nothing for a row with a problem or without a route', () => {
    expect(
      rowPayee(row('sepa', { name: 'X', iban: 'DE00' }, [{ field: 'iban', message: 'bad' }])),
    ).toBeNull();
    expect(rowPayee(row(null, { name: 'X' }))).toBeNull();
  });
});
