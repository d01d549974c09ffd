import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { DEMO_PASSWORD, expectProblem, logIn, type Session } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount } from '../ledger';

// Money in the back office (docs/requirements/back-office.md): incoming payments as the bank
// reports them, with the tariff's incoming fee, and manual adjustments under four eyes.
describe('back-office money actions', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      payments: ['payments@demo.test', true],
      admin: ['admin@demo.test', true],
      support: ['support@demo.test', true],
      compliance: ['compliance@demo.test', true],
    },
  });
  let client: { id: string; iban: string; eur: string };

  beforeAll(async () => {
    const [row] = await test.db.query<{ id: string; iban: string; eur: string }>(
      `SELECT c.id, g.iban, a.ledger_account_id AS eur FROM clients c
       JOIN account_groups g ON g.client_id = c.id
       JOIN client_accounts a ON a.client_id = c.id AND a.currency = 'EUR'
       WHERE c.email = 'business@demo.test'`,
    );
    if (!row) throw new Error('the demo business client has no EUR account');
    client = row;
  });

  const balance = async () => (await getAccount(test.db, client.eur))?.balanceMinor ?? 0;
  const incoming = (overrides: Record<string, unknown> = {}) => ({
    iban: client.iban,
    currency: 'EUR',
    // At the default approval threshold (1,000.00): booked at once by one operator. Credits
    // above it wait for a second operator (manual-credit-routes.test.ts).
    amount: 100_000,
    rail: 'sepa',
    payer_name: 'Contoso GmbH',
    payer_country: 'DE',
    bank_reference: 'E2E-0001',
    ...overrides,
  });
  const post = (url: string, session: Session, payload: Record<string, unknown>, key?: string) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  it('credits an incoming payment less the EEA incoming fee, once per key and bank reference', async () => {
    const before = await balance();
    const recorded = await post('/api/backoffice/incoming_payments', sessions.payments, incoming(), 'key-1');
    expect(recorded.statusCode, recorded.body).toBe(201);
    // From the EEA: 0.15% of 1 000.00 EUR is 1.50, so the 20.00 minimum of the tariff applies.
    expect(recorded.json().data).toMatchObject({
      client_id: client.id,
      amount: 100_000,
      currency: 'EUR',
      fee: 2_000,
    });
    const after = await balance();
    // The credit also collects fees the client still owed (the opening fee), never more.
    expect(after - before).toBeLessThanOrEqual(100_000 - 2_000);
    expect(after - before).toBeGreaterThan(0);

    const replay = await post('/api/backoffice/incoming_payments', sessions.payments, incoming(), 'key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(recorded.json());
    expect(await balance()).toBe(after);

    expectProblem(
      await post('/api/backoffice/incoming_payments', sessions.payments, incoming({ amount: 5 }), 'key-1'),
      422,
      'idempotency_key_reused',
    );
    expectProblem(
      await post('/api/backoffice/incoming_payments', sessions.payments, incoming(), 'key-2'),
      409,
      'incoming_payment_exists',
    );
    expect(await balance()).toBe(after);

    const [audit] = await test.db.query<{
      actor_type: string;
      object_id: string;
      details: Record<string, unknown>;
    }>(
      `SELECT actor_type, object_id, details FROM audit_log WHERE action = 'operator.incoming_payment_recorded'`,
    );
    expect(audit).toMatchObject({
      actor_type: 'operator',
      object_id: client.id,
      details: { bank_reference: 'E2E-0001', amount_minor: 100_000, fee_minor: 2_000 },
    });
    const [notification] = await test.db.query<{ kind: string }>(
      `SELECT kind FROM client_notifications WHERE client_id = $1 AND kind = 'incoming_payment'`,
      [client.id],
    );
    expect(notification).toBeDefined();
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('charges no incoming fee on a UK payment', async () => {
    const recorded = await post(
      '/api/backoffice/incoming_payments',
      sessions.admin,
      incoming({
        currency: 'GBP',
        rail: 'faster_pay',
        payer_country: 'GB',
        bank_reference: 'FPS-1',
        amount: 5_000,
      }),
      'uk-1',
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().data.fee).toBe(0);
  });

  it('refuses support agents, clients, a missing key and bad input', async () => {
    expectProblem(
      await post('/api/backoffice/incoming_payments', sessions.support, incoming(), 'k'),
      403,
      'forbidden_role',
    );
    expectProblem(await post('/api/backoffice/incoming_payments', sessions.compliance, incoming(), 'k'), 403);
    const session = await logIn(test.app, 'business@demo.test', DEMO_PASSWORD);
    expectProblem(await post('/api/backoffice/incoming_payments', session, incoming(), 'k'), 401);
    expectProblem(
      await post('/api/backoffice/incoming_payments', sessions.payments, incoming({ bank_reference: 'X-1' })),
      400,
      'idempotency_key_missing',
    );
    const bad = [
      { amount: 10.5 },
      { amount: 0 },
      { amount: '100' },
      { amount: 2 ** 53 },
      { currency: 'eur' },
      { currency: 'XXQ' },
      { iban: 'not an iban' },
      { payer_country: 'ZZ' },
      { bank_reference: '../etc' },
      { payer_name: 'Evil\u202eName' },
      { fee: 0 },
    ];
    for (const [index, overrides] of bad.entries()) {
      expectProblem(
        await post(
          '/api/backoffice/incoming_payments',
          sessions.payments,
          incoming(overrides),
          `bad-${index}`,
        ),
        400,
      );
    }
    expectProblem(
      await post(
        '/api/backoffice/incoming_payments',
        sessions.payments,
        incoming({ rail: 'faster_pay', bank_reference: 'R-1' }),
        'r-1',
      ),
      422,
      'rail_currency_mismatch',
    );
    expectProblem(
      await post(
        '/api/backoffice/incoming_payments',
        sessions.payments,
        incoming({ iban: 'GB33BUKB20201555555555', bank_reference: 'R-2' }),
        'r-2',
      ),
      422,
      'account_not_found',
    );
  });

  it('moves money by manual adjustment only after a second operator approves', async () => {
    const proposal = {
      client_id: client.id,
      currency: 'EUR',
      direction: 'credit',
      amount: 12_345,
      reason: 'Refund of a duplicated fee',
    };
    expectProblem(
      await post('/api/backoffice/adjustments', sessions.payments, { ...proposal, reason: 'short' }),
      400,
    );
    expectProblem(await post('/api/backoffice/adjustments', sessions.support, proposal), 403);
    expectProblem(
      await post('/api/backoffice/adjustments', sessions.payments, { ...proposal, currency: 'CHF' }),
      422,
      'account_not_found',
    );
    const proposed = await post('/api/backoffice/adjustments', sessions.payments, proposal);
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { id } = proposed.json().data;
    expect(proposed.json().data).toMatchObject({
      status: 'proposed',
      proposed_by: 'payments@demo.test',
      amount: 12_345,
    });
    // The approval's confirmation names the account it moves, never its id.
    expect(proposed.json().data.account_label).toMatch(new RegExp(` \\(EUR\\) · ${client.iban}$`));
    const before = await balance();

    expectProblem(
      await post(`/api/backoffice/adjustments/${id}/approve`, sessions.payments, {}),
      403,
      'four_eyes_required',
    );
    expectProblem(
      await post(`/api/backoffice/adjustments/${id}/approve`, sessions.support, {}),
      403,
      'forbidden_role',
    );
    expect(await balance()).toBe(before);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/adjustments',
      headers: sessions.compliance.headers,
    });
    expect(listed.json().data.map((row: { id: string }) => row.id)).toContain(id);

    const approved = await post(`/api/backoffice/adjustments/${id}/approve`, sessions.compliance, {
      reason: 'Checked the fee',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      decided_by: 'compliance@demo.test',
      transfer_id: `adj:${id}`,
    });
    expect(await balance()).toBe(before + 12_345);
    expectProblem(
      await post(`/api/backoffice/adjustments/${id}/approve`, sessions.admin, {}),
      409,
      'adjustment_decided',
    );

    const tooBig = await post('/api/backoffice/adjustments', sessions.payments, {
      ...proposal,
      direction: 'debit',
      amount: 1_000_000_000,
      reason: 'Reverse a credit booked twice',
    });
    const bigId = tooBig.json().data.id;
    expectProblem(
      await post(`/api/backoffice/adjustments/${bigId}/approve`, sessions.admin, {}),
      422,
      'insufficient_funds',
    );
    expectProblem(
      await post(`/api/backoffice/adjustments/${bigId}/reject`, sessions.admin, {}),
      422,
      'reason_required',
    );
    const rejected = await post(`/api/backoffice/adjustments/${bigId}/reject`, sessions.admin, {
      reason: 'Wrong amount',
    });
    expect(rejected.json().data.status).toBe('rejected');

    const audit = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'operator.adjustment%' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'operator.adjustment_proposed',
      'operator.adjustment_approved',
      'operator.adjustment_proposed',
      'operator.adjustment_rejected',
    ]);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});
