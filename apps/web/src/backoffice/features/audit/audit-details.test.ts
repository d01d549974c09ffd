import { MantineProvider } from '@mantine/core';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format-date';
import { backofficeI18n } from '../../lib/i18n';
import type { AuditLogPage } from './api';
import { auditDetailLines, humanize, type Words } from './audit-details';
import { AuditEntryDetails } from './audit-entry-details';

// An audit entry's details as an operator reads them: money with its currency, codes as words,
// ids as names, nothing as JSON (docs/requirements/back-office.md, "The audit log").
const words: Words = (key, options) => backofficeI18n.t(key, options);
const ACCOUNT = '5b0d3c7e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const OPERATOR = '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f';
const lines = (details: Record<string, unknown>, labels: Record<string, string> = {}) =>
  Object.fromEntries(auditDetailLines(details, labels, words).map((line) => [line.label, line.value]));
// Amounts are printed with non-breaking spaces (components/money.tsx).
const plain = (text: string) => text.replaceAll('\u00a0', ' ').replaceAll('<!-- -->', '');

describe('audit details', () => {
  it('formats amounts with their currency, names accounts and people, and turns codes into words', () => {
    const shown = lines(
      {
        bank_reference: 'E2E-BANK-1',
        amount_minor: 100_000,
        currency: 'EUR',
        fee_minor: 2_000,
        counted_eur_minor: 100_000,
        rail: 'faster_pay',
        payer_name: 'Contoso GmbH',
        account_id: ACCOUNT,
        proposed_by: OPERATOR,
        four_eyes: false,
      },
      { [ACCOUNT]: 'Main (EUR) · DE89370400440532013000', [OPERATOR]: 'payments@demo.test' },
    );
    expect(Object.fromEntries(Object.entries(shown).map(([label, value]) => [label, plain(value)]))).toEqual({
      'Bank reference': 'E2E-BANK-1',
      Amount: '1 000.00 EUR',
      Fee: '20.00 EUR',
      'Counted in euros': '1 000.00 EUR',
      Rail: 'Faster Payments',
      "Payer's name": 'Contoso GmbH',
      Account: 'Main (EUR) · DE89370400440532013000',
      'Proposed by': 'payments@demo.test',
      'Needs a second operator': 'No',
    });
  });

  it('reads an exchange in its pair, a status change, flags and a time in words', () => {
    const exchange = lines({ sell: 10_150, buy: 10_830, fee: 150, pair: 'EUR/USD' });
    expect(plain(exchange.Sold ?? '')).toBe('101.50 EUR');
    expect(plain(exchange.Bought ?? '')).toBe('108.30 USD');
    expect(plain(exchange.Fee ?? '')).toBe('1.50 EUR');
    expect(
      lines({ from: 'ON_APPROVAL', to: 'APPROVED', flags: ['address_require', 'partners_require'] }),
    ).toEqual({ From: 'On approval', To: 'Approved', 'Asked to update': 'Address, Partners' });
    expect(lines({ at: '2026-01-05T10:00:00.000Z' }).At).toBe(formatDateTime('2026-01-05T10:00:00.000Z'));
    // A code no locale names yet is still words, never snake case.
    expect(lines({ kind: 'brand_new_code' }).Kind).toBe('Brand new code');
    expect(humanize('manageOperators')).toBe('Manage operators');
  });

  it('writes out what nests: breaks, closing balances by day and anything else labelled', () => {
    const shown = lines({
      ok: false,
      breaks: [{ currency: 'GBP', kind: 'shortfall', amount: 1_250 }],
      balances: { '2026-01-05|EUR': 123_456 },
      declaration: { declared_by: 'email', declared: 'partner@example.test' },
    });
    expect(shown.Balanced).toBe('No');
    expect(plain(shown.Breaks ?? '')).toBe('Shortfall: 12.50 GBP');
    expect(plain(shown['Closing balances'] ?? '')).toBe('2026-01-05: 1 234.56 EUR');
    expect(shown.Declaration).toBe('Found by: E-mail; Declared as: partner@example.test');
  });

  it('renders label and value lines, never the stored JSON', () => {
    const entry = {
      details: { amount_minor: 5_000, currency: 'GBP', direction: 'credit', reason: 'Goodwill' },
      labels: {},
    } as unknown as AuditLogPage['data'][number];
    const html = renderToString(
      h(I18nextProvider, { i18n: backofficeI18n }, h(MantineProvider, null, h(AuditEntryDetails, { entry }))),
    );
    expect(plain(html)).toContain('50.00 GBP');
    expect(html).toContain('Credit');
    expect(plain(html)).toContain('Direction:');
    expect(html).not.toMatch(/[{}"]amount_minor|direction&quot;|\{&quot;/);
    expect(html).not.toContain('Currency');
  });
});
