import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app';
import { useDemoWorld } from '../../testing/demo-world';
import { DEMO_PASSWORD, expectProblem, logIn, type Session } from '../../testing/onboarding-helpers';
import { type DemoClient, demoClient, post } from '../bank-statements/testing/statement-fixtures';
import { checkLedgerInvariants, getAccount } from '../ledger';

// A credit typed by hand above the approval threshold (MANUAL_CREDIT_APPROVAL_THRESHOLD_MINOR,
// 1,000.00 by default) waits for a second operator: its maker can never approve it, and no
// money moves until someone else does. At or below the threshold one operator books it.
const { test, sessions } = useDemoWorld({
  sessions: {
    payments: ['payments@demo.test', true],
    compliance: ['compliance@demo.test', true],
    admin: ['admin@demo.test', true],
  },
});
let business: DemoClient;

const balance = async () => (await getAccount(test.db, business.eur))?.balanceMinor ?? 0;
const credit = (session: Session, key: string, overrides: Record<string, unknown> = {}) =>
  test.app.inject({
    method: 'POST',
    url: '/api/backoffice/incoming_payments',
    headers: { ...session.headers, 'idempotency-key': key },
    payload: {
      iban: business.iban,
      currency: 'EUR',
      amount: 100_000_000_000,
      rail: 'sepa',
      payer_name: 'Someone Rich',
      payer_country: 'DE',
      bank_reference: 'BIG-1',
      ...overrides,
    },
  });

beforeAll(async () => {
  business = await demoClient(test.db, 'business@demo.test');
});

describe('credits typed by hand above the threshold', () => {
  it('waits for a second operator instead of crediting a billion at once', async () => {
    const before = await balance();
    const proposed = await credit(sessions.payments, 'big-1');
    expect(proposed.statusCode, proposed.body).toBe(202);
    const pending = proposed.json().data;
    expect(pending).toMatchObject({
      status: 'pending',
      amount: 100_000_000_000,
      proposed_by: 'payments@demo.test',
    });
    expect(await balance()).toBe(before);
    const replay = await credit(sessions.payments, 'big-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectProblem(await credit(sessions.payments, 'big-2'), 409, 'incoming_payment_exists');
    expectProblem(await credit(sessions.admin, 'big-3', { amount: 500 }), 409, 'incoming_payment_exists');

    expectProblem(
      await post(test.app, sessions.payments, `/manual_credits/${pending.id}/approve`),
      403,
      'four_eyes_required',
    );
    expect(await balance()).toBe(before);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/bank_statements/manual_credits',
      headers: sessions.compliance.headers,
    });
    expect(listed.json().data.map((row: { id: string }) => row.id)).toEqual([pending.id]);

    const approved = await post(test.app, sessions.compliance, `/manual_credits/${pending.id}/approve`, {
      reason: 'Checked against the bank',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decided_by: 'compliance@demo.test' });
    expect(approved.json().data.credit_transfer_id).toMatch(/^in:bo-BIG-1:credit$/);
    expect(await balance()).toBeGreaterThan(before + 99_000_000_000);
    expectProblem(
      await post(test.app, sessions.admin, `/manual_credits/${pending.id}/approve`),
      409,
      'manual_credit_decided',
    );
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('is rejected with a reason, books at the threshold at once, and is audited', async () => {
    const proposed = await credit(sessions.payments, 'big-r', { bank_reference: 'BIG-R', amount: 100_001 });
    expect(proposed.statusCode).toBe(202);
    const { id } = proposed.json().data;
    expectProblem(
      await post(test.app, sessions.compliance, `/manual_credits/${id}/reject`),
      422,
      'reason_required',
    );
    const rejected = await post(test.app, sessions.compliance, `/manual_credits/${id}/reject`, {
      reason: 'Not on the statement',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decision_reason: 'Not on the statement',
    });

    const before = await balance();
    const small = await credit(sessions.payments, 'small', { bank_reference: 'SMALL-1', amount: 100_000 });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json().data).toMatchObject({ status: 'booked', amount: 100_000, fee: 2_000 });
    expect(await balance()).toBe(before + 98_000);

    const audit = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'operator.incoming_payment%' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'operator.incoming_payment_proposed',
      'operator.incoming_payment_recorded',
      'operator.incoming_payment_approved',
      'operator.incoming_payment_proposed',
      'operator.incoming_payment_rejected',
      'operator.incoming_payment_recorded',
    ]);
  });

  // In every currency the threshold is euros at the reference rate (approval-threshold.test.ts).
  it('follows the configured threshold', async () => {
    const strict = await buildTestApp({ MANUAL_CREDIT_APPROVAL_THRESHOLD_MINOR: '0' }, 'demo');
    try {
      const operator = await logIn(strict.app, 'payments@demo.test', DEMO_PASSWORD, true);
      const one = await strict.app.inject({
        method: 'POST',
        url: '/api/backoffice/incoming_payments',
        headers: { ...operator.headers, 'idempotency-key': 'one-cent' },
        payload: {
          iban: (await demoClient(strict.db, 'business@demo.test')).iban,
          currency: 'EUR',
          amount: 1,
          rail: 'sepa',
          payer_name: 'Tiny',
          payer_country: 'DE',
          bank_reference: 'TINY-1',
        },
      });
      expect(one.statusCode, one.body).toBe(202);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
