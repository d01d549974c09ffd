import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem, lastMessage, PASSWORD } from '../../testing/onboarding-helpers';
import { getAccount } from '../ledger/index';
import { latestCode, logInDemo, type Session, seedDemo } from '../payments/testing/payment-fixtures';
import {
  type ApprovedClient,
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';

// Account deactivation (docs/requirements/deactivation.md) through the routes: the client asks with
// a code, the compliance operator sees the request with its due time and decides; wrong statuses,
// bad input, another client's objects and a support agent are refused, and nothing is half-written.
let test: TestApp;
let compliance: Session;
let support: Session;

const get = (session: Session) =>
  test.app.inject({ method: 'GET', url: '/api/client/deactivation', headers: session.headers });
const ask = (session: Session, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/client/deactivation', headers: session.headers, payload });
const decide = (
  session: Session,
  clientId: string,
  verdict: 'approve' | 'reject',
  payload: Record<string, unknown> = {},
) =>
  test.app.inject({
    method: 'POST',
    url: `/api/backoffice/deactivations/${clientId}/${verdict}`,
    headers: session.headers,
    payload,
  });
const statusOf = async (clientId: string) =>
  (await test.db.query<{ status: string }>('SELECT status FROM clients WHERE id = $1', [clientId]))[0]
    ?.status;

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  compliance = await logInDemo(test.app, 'compliance@demo.test', true);
  support = await logInDemo(test.app, 'support@demo.test', true);
}, 180_000);

afterAll(async () => {
  await test?.close();
});

describe('the client asks to close the account', () => {
  let carol: ApprovedClient;

  beforeAll(async () => {
    carol = await approvedClient(test.app, test.db, 'carol@deactivation.test');
  });

  it('shows balances, the closing fee and no request at first', async () => {
    const response = await get(carol.session);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json().data;
    expect(view).toMatchObject({ request: null, can_request: true, blockers: [], review_hours: 24 });
    expect(view.closing_fee).toEqual({ amount: 0, currency: 'EUR' });
    expect(view.accounts.map((account: { currency: string }) => account.currency).sort()).toEqual([
      'EUR',
      'GBP',
    ]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    for (const payload of [
      { reason: 'bored', payout: { kind: 'balance_is_zero' } },
      { reason: 'other', payout: { kind: 'balance_is_zero' } },
      { reason: 'fees_too_high', payout: { kind: 'recipient', recipient_id: 'nope' } },
      { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' }, status: 'DEACTIVATED' },
    ]) {
      expectProblem(await ask(carol.session, payload), 400);
    }
    expect((await get(carol.session)).json().data.request).toBeNull();
  });

  it('needs the code: a wrong one is refused and leaves the client approved', async () => {
    const asked = await ask(carol.session, { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' } });
    expect(asked.statusCode, asked.body).toBe(202);
    const view = asked.json().data;
    expect(view.request.status).toBe('awaiting_confirmation');
    expect(view.sca.factor).toBe('email');
    expect((await lastMessage(test.app, carol.email)).text).toContain('close your account');
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/client/deactivation/confirm',
      headers: carol.session.headers,
      payload: { code: '000000' },
    });
    expectProblem(wrong, 422, 'sca_code_invalid');
    expect(await statusOf(carol.id)).toBe('APPROVED');
  });

  it('with the code becomes a request under review, acknowledged with the 24-hour promise', async () => {
    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/api/client/deactivation/confirm',
      headers: carol.session.headers,
      payload: { code: await latestCode(test.app, carol.email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const request = confirmed.json().data.request;
    expect(request.status).toBe('pending');
    expect(Date.parse(request.due_at) - Date.parse(request.requested_at)).toBe(24 * 3_600_000);
    expect(await statusOf(carol.id)).toBe('DEACTIVATION_REQUESTED');
    const mail = await lastMessage(test.app, carol.email);
    expect(mail.text).toContain('within 24 hours');
    const audit = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE object_id = $1 ORDER BY id`,
      [request.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['deactivation.started', 'deactivation.requested']);
    // A second request while this one is reviewed is refused.
    expectProblem(
      await ask(carol.session, { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' } }),
      409,
    );
  });

  it('can be withdrawn before review, and the client is approved again', async () => {
    const withdrawn = await test.app.inject({
      method: 'DELETE',
      url: '/api/client/deactivation',
      headers: carol.session.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.request).toBeNull();
    expect(await statusOf(carol.id)).toBe('APPROVED');
    const again = await test.app.inject({
      method: 'DELETE',
      url: '/api/client/deactivation',
      headers: carol.session.headers,
    });
    expectProblem(again, 409, 'no_open_request');
  });
});

describe('what blocks a request', () => {
  let dan: ApprovedClient;
  let erin: ApprovedClient;

  beforeAll(async () => {
    dan = await approvedClient(test.app, test.db, 'dan@deactivation.test');
    erin = await approvedClient(test.app, test.db, 'erin@deactivation.test');
    await fund(test.db, dan, 'GBP', 2_500, 'dan');
  });

  it('refuses a balance said to be zero, and another client’s recipient', async () => {
    expectProblem(
      await ask(dan.session, { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' } }),
      409,
    );
    expect((await get(dan.session)).json().data.blockers).toEqual([]);
    const erinsRecipient = await confirmedRecipient(test.app, erin);
    const foreign = await ask(dan.session, {
      reason: 'fees_too_high',
      payout: { kind: 'recipient', recipient_id: erinsRecipient },
    });
    expectProblem(foreign, 404);
    expect((await get(dan.session)).json().data.request).toBeNull();
  });

  it('refuses clients who are not approved', async () => {
    const demo = await logInDemo(test.app, 'new@demo.test');
    expect((await get(demo)).json().data.can_request).toBe(false);
    expectProblem(await ask(demo, { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' } }), 409);
  });

  it('accepts a payout recipient, but refuses approval when its type cannot take the currency', async () => {
    const recipient = await confirmedRecipient(test.app, dan);
    const view = await requestDeactivation(test.app, dan, { kind: 'recipient', recipient_id: recipient });
    expect(view.request.payout_recipient_name).toBe('Erika Mustermann');
    const refused = await decide(compliance, dan.id, 'approve');
    expectProblem(refused, 409, 'deactivation_blocked');
    expect(refused.json().detail).toContain('balance_remains');
    expect(refused.json().detail).toContain("25.00 GBP: the chosen recipient's payment type cannot receive");
    // Nothing half-written: still under review, accounts not frozen, no fee recorded.
    expect(await statusOf(dan.id)).toBe('DEACTIVATION_REQUESTED');
    for (const account of dan.accounts)
      expect((await getAccount(test.db, account.ledgerAccountId))?.frozen).toBe(false);
    const fees = await test.db.query(
      `SELECT 1 FROM client_fees WHERE client_id = $1 AND kind = 'account_closing'`,
      [dan.id],
    );
    expect(fees).toHaveLength(0);
    expect(await test.db.query('SELECT 1 FROM payments WHERE client_id = $1', [dan.id])).toHaveLength(0);
  });

  it('is rejected with a reason the client is told, idempotently', async () => {
    expectProblem(await decide(compliance, dan.id, 'reject', { reason: '' }), 400);
    const rejected = await decide(compliance, dan.id, 'reject', {
      reason: 'Please pay out your balance first',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.status).toBe('APPROVED');
    const retried = await decide(compliance, dan.id, 'reject', {
      reason: 'Please pay out your balance first',
    });
    expect(retried.json().data).toEqual(rejected.json().data);
    expect(await statusOf(dan.id)).toBe('APPROVED');
    expect((await lastMessage(test.app, dan.email)).text).toContain('Please pay out your balance first');
    const view = (await get(dan.session)).json().data;
    expect(view.request).toMatchObject({
      status: 'rejected',
      decision_reason: 'Please pay out your balance first',
    });
    expectProblem(await decide(compliance, dan.id, 'approve'), 409, 'deactivation_already_decided');
  });
});

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
      headers: compliance.headers,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().data.find((row: { client_id: string }) => row.client_id === fay.id);
    expect(item).toMatchObject({ client_email: fay.email, overdue: false, age_hours: 0 });
    expect(Date.parse(item.due_at) - Date.parse(item.requested_at)).toBe(24 * 3_600_000);
    const record = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/deactivations/${fay.id}`,
      headers: compliance.headers,
    });
    expect(record.json().data).toMatchObject({ status: 'pending', blockers: [] });

    for (const url of ['/api/backoffice/deactivations', `/api/backoffice/deactivations/${fay.id}`])
      expectProblem(await test.app.inject({ method: 'GET', url, headers: support.headers }), 403);
    expectProblem(await decide(support, fay.id, 'approve'), 403);
    expectProblem(await decide(fay.session, fay.id, 'approve'), 401);
    expect(await statusOf(fay.id)).toBe('DEACTIVATION_REQUESTED');
  });

  it('closes the accounts, ends the sessions, tells the client, and a retry changes nothing', async () => {
    const approved = await decide(compliance, fay.id, 'approve', { note: 'Checked' });
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

    const retried = await decide(compliance, fay.id, 'approve', { note: 'Checked' });
    expect(retried.json().data).toEqual(approved.json().data);
    const audits = await test.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'operator.deactivation_approved' AND object_id = $1`,
      [fay.id],
    );
    expect(audits).toHaveLength(1);
    expectProblem(await decide(compliance, fay.id, 'reject', { reason: 'Too late now' }), 409);
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
    expectProblem(await decide(compliance, '00000000-0000-4000-8000-000000000000', 'approve'), 404);
    expectProblem(await decide(compliance, 'not-a-uuid', 'approve'), 400);
  });
});

describe("the back office reads one client's request", () => {
  const read = (clientId: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/backoffice/deactivations/${clientId}`,
      headers: compliance.headers,
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
