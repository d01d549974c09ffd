import type { BankCredit, ManualCredit } from '@bluepeak/core/backoffice';
import { describe, expect, it } from 'vitest';
import { backofficeI18n } from '../../lib/i18n';
import { bankCreditLines, manualCreditLines } from './approval-lines';

// A credit's decisions are asked first, with the amount, the payer and the client's account.
const t = backofficeI18n.getFixedT(null, 'backoffice');
const shown = (lines: { label: string; value: unknown }[]) =>
  lines.map((line) => [line.label, String(line.value).replaceAll('\u00a0', ' ')]);

const credit: BankCredit = {
  id: '6f1c1c1e-8f5a-4c8e-9d1e-2b8e0f3a9c11',
  import_id: '7a1c1c1e-8f5a-4c8e-9d1e-2b8e0f3a9c11',
  bank_reference: 'BANK-REF-1',
  amount: 250_000,
  currency: 'EUR',
  booking_date: '2026-01-05',
  creditor_iban: 'DE89370400440532013000',
  debtor_name: 'Contoso GmbH',
  debtor_iban: 'DE44500105175407324931',
  remittance: 'Invoice 42',
  status: 'awaiting_approval',
  unmatched_reason: null,
  client_id: '8a1c1c1e-8f5a-4c8e-9d1e-2b8e0f3a9c11',
  client_email: 'business@demo.test',
  assigned_by: 'payments@demo.test',
  decided_by: null,
  note: null,
  needs_second_operator: true,
  created_at: '2026-01-05T10:00:00.000Z',
};

describe("a credit's confirmation", () => {
  it('approves from the payer to the client, returns from our account to the payer', () => {
    expect(shown(bankCreditLines(credit, 'approve', t))).toEqual([
      ['Amount', '2 500.00 EUR'],
      ['From', 'Contoso GmbH, DE44500105175407324931'],
      ['To', 'business@demo.test, DE89370400440532013000'],
    ]);
    expect(shown(bankCreditLines(credit, 'return', t)).slice(1)).toEqual([
      ['From', 'DE89370400440532013000'],
      ['To', 'Contoso GmbH, DE44500105175407324931'],
    ]);
    expect(shown(bankCreditLines(credit, 'assign', t, 'GB29NWBK60161331926819'))[2]).toEqual([
      'To',
      'GB29NWBK60161331926819',
    ]);
  });

  it('approves a credit typed by hand from its payer to the client and IBAN', () => {
    const manual: ManualCredit = {
      id: credit.id,
      bank_reference: 'E2E-1',
      client_id: credit.id,
      client_email: 'private@demo.test',
      iban: 'GB29NWBK60161331926819',
      amount: 5_000_000,
      currency: 'GBP',
      payer_name: 'Northwind Ltd',
      status: 'pending',
      proposed_by: 'payments@demo.test',
      proposed_at: credit.created_at,
      decided_by: null,
      decided_at: null,
      decision_reason: null,
      credit_transfer_id: null,
    };
    expect(shown(manualCreditLines(manual, t))).toEqual([
      ['Amount', '50 000.00 GBP'],
      ['From', 'Northwind Ltd (E2E-1)'],
      ['To', 'private@demo.test, GB29NWBK60161331926819'],
    ]);
  });
});
