import { describe, expect, it } from 'vitest';
import { backofficeI18n } from '../../lib/i18n';
import { batchLines, paymentLines } from './action-lines';

// A payment's or a batch's action is asked with what the money is and from whom to whom.
const t = backofficeI18n.getFixedT(null, 'backoffice');
const shown = (lines: { label: string; value: unknown }[]) =>
  lines.map((line) => [line.label, String(line.value).replaceAll('\u00a0', ' ')]);

describe("an action's dialog on money in flight", () => {
  it('shows a payment from the client’s account, by name and IBAN, to its payee', () => {
    const payment = {
      amount: 4_321,
      currency: 'EUR',
      debit_currency: 'EUR',
      client_name: 'Alex Morgan',
      account_label: 'Main (EUR) · GB33BUKB20201555555555',
      payee: { name: 'Erika Mustermann', iban: 'DE89370400440532013000' },
    };
    expect(shown(paymentLines(payment, t))).toEqual([
      ['Amount', '43.21 EUR'],
      ['From', 'Alex Morgan, Main (EUR) · GB33BUKB20201555555555'],
      ['To', 'Erika Mustermann, DE89370400440532013000'],
    ]);
  });

  it('shows a batch’s totals per currency, from its client to its payees', () => {
    const batch = {
      client_name: 'Northwind Traders Ltd',
      rows_total: 3,
      totals: [
        { currency: 'EUR', amount: 3_250, rows: 2 },
        { currency: 'GBP', amount: 1_000, rows: 1 },
      ],
    };
    expect(shown(batchLines(batch, t))).toEqual([
      ['Amount', '32.50 EUR · 10.00 GBP'],
      ['From', 'Northwind Traders Ltd'],
      ['To', '3 payees of the batch'],
    ]);
  });
});
