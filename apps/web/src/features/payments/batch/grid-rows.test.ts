import { describe, expect, it } from 'vitest';
import { emptyGridRow, type GridRow, gridRows } from './grid-rows';

const typed = (values: Record<string, string>): GridRow => {
  const row = emptyGridRow();
  return { ...row, values: { ...row.values, ...values } };
};

describe('gridRows', () => {
  it('sends each typed row with its amount in minor units of its currency and leaves blank rows out', () => {
    const rows = [
      typed({ name: 'Erika', iban: 'DE89370400440532013000', amount: '12.50', currency: 'EUR' }),
      emptyGridRow(),
      typed({ name: 'Yuki', iban: 'JP00', amount: '1500', currency: 'JPY', description: 'Fee' }),
    ];
    const answer = gridRows(rows);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.rows.map((row) => [row.name, row.amount, row.currency])).toEqual([
      ['Erika', 1250, 'EUR'],
      ['Yuki', 1500, 'JPY'],
    ]);
    expect(answer.rows[1]?.description).toBe('Fee');
  });

  it('names the typed rows whose amount is not a decimal the currency allows', () => {
    const rows = [
      typed({ name: 'A', amount: 'twelve', currency: 'EUR' }),
      emptyGridRow(),
      typed({ name: 'B', amount: '1.234', currency: 'EUR' }),
      typed({ name: 'C', amount: '3', currency: 'EUR' }),
    ];
    expect(gridRows(rows)).toEqual({ ok: false, badAmounts: [1, 2] });
  });

  it('gives every new row its own key', () => {
    expect(emptyGridRow().key).not.toBe(emptyGridRow().key);
  });
});
