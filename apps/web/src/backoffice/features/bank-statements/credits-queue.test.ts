import type { BankCredit } from '@bluepeak/core/backoffice';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '../../lib/api';
import { backofficeI18n } from '../../lib/i18n';
import { bankKeys } from './api';
import { CreditsQueue } from './credits-queue';

// The unmatched queue as an operator sees it: the credit, why it did not match, and only the
// actions the operator's roles allow (rendered on the server: the web tests have no DOM).
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
  status: 'unmatched',
  unmatched_reason: 'unknown_iban',
  client_id: null,
  client_email: null,
  assigned_by: null,
  decided_by: null,
  note: null,
  needs_second_operator: true,
  created_at: '2026-01-05T10:00:00.000Z',
};

function render(permissions: Record<string, boolean>): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, { data: { email: 'payments@demo.test', permissions } });
  queryClient.setQueryData(bankKeys.credits('unmatched'), { data: [credit] });
  const wrap = (child: ReactNode) =>
    h(
      I18nextProvider,
      { i18n: backofficeI18n },
      h(QueryClientProvider, { client: queryClient }, h(MantineProvider, null, child)),
    );
  return renderToString(wrap(h(CreditsQueue)));
}

describe('the unmatched queue', () => {
  it('shows the credit, the reason and assign and return to a payments operator', () => {
    const html = render({ importBankStatements: true, approveIncomingCredit: true });
    expect(html).toContain('BANK-REF-1');
    expect(html).toContain('Contoso GmbH');
    expect(html).toContain('Invoice 42');
    expect(html).toContain('No client has this IBAN');
    expect(html).toContain('Four eyes');
    expect(html).toMatch(/>Assign</);
    expect(html).toMatch(/>Return</);
  });

  it('offers no action on an unmatched credit to a reviewer who only approves', () => {
    const html = render({ importBankStatements: false, approveIncomingCredit: true });
    expect(html).toContain('BANK-REF-1');
    expect(html).not.toMatch(/>Assign</);
    expect(html).not.toMatch(/>Return</);
  });
});
