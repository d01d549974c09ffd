import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem, type Session } from '../../testing/onboarding-helpers';
import { createTransfer, ensureSystemAccounts, openClientAccount, systemAccountId } from '../ledger';

// Reporting (docs/requirements/reporting.md): the ledger check and the daily safeguarding reconciliation.
describe('back-office reporting', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      payments: ['payments@demo.test', true],
      compliance: ['compliance@demo.test', true],
      support: ['support@demo.test', true],
    },
  });
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    // A currency nobody else's seed touches, so the figures below are ours alone.
    await ensureSystemAccounts(test.db, 'CHF');
    const opened = await openClientAccount(test.db, {
      id: 'report-client-chf',
      ownerClientId: 'c-1',
      currency: 'CHF',
    });
    expect(opened.ok).toBe(true);
    const credit = await createTransfer(test.db, {
      kind: 'posted',
      id: 'report-in-1',
      debitAccountId: systemAccountId('CHF', 'safeguarding'),
      creditAccountId: 'report-client-chf',
      amountMinor: 10_000,
      currency: 'CHF',
      code: 'incoming_payment',
      referenceType: 'test',
      referenceId: 'report-in-1',
    });
    expect(credit.ok).toBe(true);
  });

  const get = (url: string, session: Session) =>
    test.app.inject({ method: 'GET', url, headers: session.headers });

  it('runs the ledger invariant check for payments and compliance, not support', async () => {
    const report = await get('/api/backoffice/reports/ledger', sessions.compliance);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toMatchObject({ ok: true, breaks: [] });
    expect(report.json().data.checks.length).toBeGreaterThan(3);
    expectProblem(await get('/api/backoffice/reports/ledger', sessions.support), 403, 'forbidden_role');
  });

  it('reconciles client balances with the safeguarding account, listing every break', async () => {
    const clean = await get(`/api/backoffice/reports/safeguarding?date=${today}`, sessions.payments);
    expect(clean.statusCode, clean.body).toBe(200);
    const chf = () =>
      clean.json().data.currencies.find((item: { currency: string }) => item.currency === 'CHF');
    expect(chf()).toMatchObject({
      client_balances_minor: 10_000,
      safeguarding_ledger_minor: 10_000,
      difference_minor: 0,
      breaks: [],
    });

    const fee = await createTransfer(test.db, {
      kind: 'posted',
      id: 'report-fee-1',
      debitAccountId: 'report-client-chf',
      creditAccountId: systemAccountId('CHF', 'fee_income'),
      amountMinor: 150,
      currency: 'CHF',
      code: 'payment_fee',
      referenceType: 'test',
      referenceId: 'report-fee-1',
    });
    expect(fee.ok).toBe(true);
    const after = (await get('/api/backoffice/reports/safeguarding', sessions.payments)).json().data;
    const item = after.currencies.find((row: { currency: string }) => row.currency === 'CHF');
    expect(item).toMatchObject({
      client_balances_minor: 9_850,
      safeguarding_ledger_minor: 10_000,
      difference_minor: 150,
      explained_by: [{ kind: 'fee_income', balance_minor: 150 }],
      breaks: [expect.objectContaining({ kind: 'excess', amount_minor: 150 })],
    });

    // Yesterday, before any of it, everything was zero.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = (
      await get(`/api/backoffice/reports/safeguarding?date=${yesterday}`, sessions.payments)
    ).json().data;
    expect(before.currencies.find((row: { currency: string }) => row.currency === 'CHF')).toMatchObject({
      client_balances_minor: 0,
      breaks: [],
    });
  });

  it('records the day with the bank statement; a mismatch is a break in the audit log', async () => {
    const recorded = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/reports/safeguarding',
      headers: sessions.payments.headers,
      payload: { date: today, bank_balances: [{ currency: 'CHF', amount: 9_000 }], note: 'Statement 42' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const chf = recorded.json().data.currencies.find((row: { currency: string }) => row.currency === 'CHF');
    expect(chf.breaks).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'bank_mismatch', amount_minor: 1_000 })]),
    );
    const history = (await get('/api/backoffice/reports/safeguarding/history', sessions.compliance)).json()
      .data;
    expect(history[0]).toMatchObject({ date: today, operator_email: 'payments@demo.test' });
    const [audit] = await test.db.query<{ details: { breaks: { currency: string; kind: string }[] } }>(
      `SELECT details FROM audit_log WHERE action = 'operator.safeguarding_reconciled' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.details.breaks).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'CHF', kind: 'bank_mismatch' })]),
    );
    // Compliance reads the reports but does not record them.
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/reports/safeguarding',
        headers: sessions.compliance.headers,
        payload: { date: today },
      }),
      403,
    );
  });

  it('refuses bad input with 4xx', async () => {
    for (const date of ['2025-02-30', '20250101', 'yesterday']) {
      expectProblem(await get(`/api/backoffice/reports/safeguarding?date=${date}`, sessions.payments), 400);
    }
    expectProblem(
      await get('/api/backoffice/reports/safeguarding?date=2999-01-01', sessions.payments),
      422,
      'date_in_future',
    );
    expectProblem(await get('/api/backoffice/reports/safeguarding?currency=EUR', sessions.payments), 400);
    const post = (payload: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/backoffice/reports/safeguarding',
        headers: sessions.payments.headers,
        payload,
      });
    expectProblem(await post({ date: today, bank_balances: [{ currency: 'eur', amount: 1 }] }), 400);
    expectProblem(await post({ date: today, bank_balances: [{ currency: 'EUR', amount: 1.5 }] }), 400);
    expectProblem(
      await post({
        date: today,
        bank_balances: [
          { currency: 'EUR', amount: 1 },
          { currency: 'EUR', amount: 2 },
        ],
      }),
      400,
    );
  });
});
