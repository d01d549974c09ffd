import { describe, expect, it } from 'vitest';
import { IBAN, useBatchApi } from './testing/batch-api';

// A batch row's amount within its currency's maximum, before and after conversion to the
// account's currency (docs/decisions/0045): the row is invalid with its amount named, and the
// upload still answers; never a 500.
const { accounts, sessions, uploadRows, call } = useBatchApi();

const swiftRow = (amount: number, currency: string) => ({
  name: 'Big Payee',
  iban: IBAN,
  bic: 'COBADEFFXXX',
  bank_name: 'Commerzbank',
  address: '1 Kaiserstrasse, Frankfurt',
  amount,
  currency,
  description: `Row ${amount} ${currency}`,
});

describe('batch rows at and past the maximum', () => {
  it('names the amount of each row past its currency maximum, before or after conversion', async () => {
    const rows = [
      swiftRow(1_000_000_000, 'EUR'),
      swiftRow(1_000_000_001, 'EUR'),
      swiftRow(2 ** 53 - 2, 'EUR'),
      swiftRow(3_580_000_000, 'KWD'),
      swiftRow(2 ** 53 - 2, 'KWD'),
      swiftRow(2 ** 53 - 2, 'JPY'),
    ];
    const created = await uploadRows(sessions.a, accounts.aEur.id, rows);
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    const listed = (await call(sessions.a, 'GET', `/${batch.id}/rows`)).json().data;
    const fields = listed.map((row: { row: number; errors: { field: string }[] }) => [
      row.row,
      row.errors.map((error) => error.field),
    ]);
    // Row 1 is the EUR maximum; row 4 the KWD maximum, which costs more than the EUR maximum.
    expect(fields).toEqual([
      [1, []],
      [2, ['amount']],
      [3, ['amount']],
      [4, ['amount']],
      [5, ['amount']],
      [6, ['amount']],
    ]);
    expect(listed[1].errors[0].message).toContain('10 000 000.00 EUR');
  });
});
