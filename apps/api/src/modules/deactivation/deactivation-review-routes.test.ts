import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, lastMessage, PASSWORD } from '../../testing/onboarding-helpers';
import { getAccount } from '../ledger';
import { logInDemo } from '../payments/testing/payment-fixtures';
import { type ApprovedClient, approvedClient, requestDeactivation } from './testing/deactivation-fixtures';
import { useDeactivationRoutesWorld } from './testing/deactivation-routes-world';

// Account deactivation through the routes, the back office's side: the compliance operator sees
// the request with its due time and decides; a support agent and a client are refused.
// The requirements: docs/requirements/deactivation.md.
const { test, sessions, get, decide, statusOf } = useDeactivationRoutesWorld();

describe('the operator approves', () => {
  let fay: ApprovedClient;

  beforeAll(async () => {
    fay = await approvedClient(test.app, test.db, 'fay@deactivation.test');
  });

  it('lists the request with its due time; a support agent and a client are refused', async () => {
    await requestDeactivation(test.app, fay);
    const queue = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/deactivations',
      headers: sessions.compliance.headers,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().data.find((row: { client_id: string }) => row.client_id === fay.id);
    expect(item).toMatchObject({ client_email: fay.email, overdue: false, age_hours: 0 });
    expect(Date.parse(item.due_at) - Date.parse(item.requested_at)).toBe(24 * 3_600_000);
    const record = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/deactivations/${fay.id}`,
      headers: sessions.compliance.headers,
    });
    expect(record.json().data).toMatchObject({ status: 'pending', blockers: [] });

    for (const url of ['/api/backoffice/deactivations', `/api/backoffice/deactivations/${fay.id}`])
      expectProblem(await test.app.inject({ method: 'GET', url, headers: sessions.support.headers }), 403);
    expectProblem(await decide(sessions.support, fay.id, 'approve'), 403);
    expectProblem(await decide(fay.session, fay.id, 'approve'), 401);
    expect(await statusOf(fay.id)).toBe('DEACTIVATION_REQUESTED');
  });

  it('closes the accounts, ends the sessions, tells the client, and a retry changes nothing', async () => {
    const approved = await decide(sessions.compliance, fay.id, 'approve', { note: 'Checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('DEACTIVATED');
    expect(await statusOf(fay.id)).toBe('DEACTIVATED');
    for (const account of fay.accounts)
      expect((await getAccount(test.db, account.ledgerAccountId))?.frozen).toBe(true);
    expectProblem(await get(fay.session), 401);
    expect((await lastMessage(test.app, fay.email)).subject).toContain('your account is closed');
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: fay.email, password: PASSWORD },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    const retried = await decide(sessions.compliance, fay.id, 'approve', { note: 'Checked' });
    expect(retried.json().data).toEqual(approved.json().data);
    const audits = await test.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'operator.deactivation_approved' AND object_id = $1`,
      [fay.id],
    );
    expect(audits).toHaveLength(1);
    expectProblem(await decide(sessions.compliance, fay.id, 'reject', { reason: 'Too late now' }), 409);
  });

  it('takes no more money into the closed accounts', async () => {
    const payments = await logInDemo(test.app, 'payments@demo.test', true);
    const [group] = await test.db.query<{ iban: string }>(
      'SELECT iban FROM account_groups WHERE client_id = $1',
      [fay.id],
    );
    const credit = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/incoming_payments',
      headers: { ...payments.headers, 'idempotency-key': 'closed-account-credit' },
      payload: {
        iban: group?.iban,
        currency: 'EUR',
        amount: 1_000,
        rail: 'sepa',
        payer_name: 'Late Payer',
        payer_country: 'DE',
        bank_reference: 'CLOSED-1',
      },
    });
    expectProblem(credit, 422, 'account_not_found');
  });

  it('answers 404 for a client without a request and 400 for a bad id', async () => {
    expectProblem(await decide(sessions.compliance, '00000000-0000-4000-8000-000000000000', 'approve'), 404);
    expectProblem(await decide(sessions.compliance, 'not-a-uuid', 'approve'), 400);
  });
});

describe("the back office reads one client's request", () => {
  const read = (clientId: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/backoffice/deactivations/${clientId}`,
      headers: sessions.compliance.headers,
    });

  it('answers 404 for a client with no request, as for an unknown client, and 200 once asked', async () => {
    const gus = await approvedClient(test.app, test.db, 'gus@deactivation.test');
    const none = await read(gus.id);
    expectProblem(none, 404, 'not_found');
    expect(none.json().message).toBe('Deactivation request not found');
    expectProblem(await read('00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    await requestDeactivation(test.app, gus);
    const asked = await read(gus.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ client_id: gus.id, status: 'pending' });
  });
});
