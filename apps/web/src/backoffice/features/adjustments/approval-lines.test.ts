import { MantineProvider } from '@mantine/core';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoneySummary } from '../../components/money-summary';
import { backofficeI18n } from '../../lib/i18n';
import type { Adjustment } from './api';
import { adjustmentLines } from './approval-lines';

// Approving an adjustment is asked first, with the amount and between whom it moves.
const t = backofficeI18n.getFixedT(null, 'backoffice');
const plain = (text: string) => text.replaceAll('\u00a0', ' ');
const adjustment: Adjustment = {
  id: '6f1c1c1e-8f5a-4c8e-9d1e-2b8e0f3a9c11',
  client_id: '7a1c1c1e-8f5a-4c8e-9d1e-2b8e0f3a9c11',
  client_email: 'business@demo.test',
  account_label: 'Main (EUR) · DE89370400440532013000',
  currency: 'EUR',
  direction: 'credit',
  amount: 12_345,
  reason: 'Refund of a duplicated fee',
  status: 'proposed',
  proposed_by: 'payments@demo.test',
  proposed_at: '2026-01-05T10:00:00.000Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  transfer_id: null,
};

describe("an adjustment's approval", () => {
  it('credits the client from the suspense account, and a debit goes the other way', () => {
    const credit = adjustmentLines(adjustment, t).map((line) => [line.label, plain(String(line.value))]);
    expect(credit).toEqual([
      ['Amount', 'Credit 123.45 EUR'],
      ['From', 'Suspense account (our books)'],
      ['To', 'business@demo.test, Main (EUR) · DE89370400440532013000'],
      ['Reason', 'Refund of a duplicated fee'],
    ]);
    const debit = adjustmentLines({ ...adjustment, direction: 'debit' }, t);
    expect(debit.slice(1, 3).map((line) => line.value)).toEqual([
      'business@demo.test, Main (EUR) · DE89370400440532013000',
      'Suspense account (our books)',
    ]);
  });

  it('shows those lines in the dialog, labelled', () => {
    const html = renderToString(
      h(MantineProvider, null, h(MoneySummary, { lines: adjustmentLines(adjustment, t) })),
    );
    expect(plain(html)).toContain('123.45 EUR');
    expect(html).toContain('Suspense account (our books)');
    expect(html).toContain('data-testid="money-summary"');
  });
});
