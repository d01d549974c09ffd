import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, lastMessage } from '../../testing/onboarding-helpers';
import { getAccount } from '../ledger';
import { latestCode, logInDemo } from '../payments/testing/payment-fixtures';
import {
  type ApprovedClient,
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';
import { useDeactivationRoutesWorld } from './testing/deactivation-routes-world';

// Account deactivation through the routes, the client's side: the client asks with a code and
// may withdraw; wrong statuses, bad input and another client's objects are refused, and nothing
// is half-written.
// The requirements: docs/requirements/deactivation.md.
const { test, sessions, get, ask, decide, statusOf } = useDeactivationRoutesWorld();

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
    const refused = await decide(sessions.compliance, dan.id, 'approve');
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
    expectProblem(await decide(sessions.compliance, dan.id, 'reject', { reason: '' }), 400);
    const rejected = await decide(sessions.compliance, dan.id, 'reject', {
      reason: 'Please pay out your balance first',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.status).toBe('APPROVED');
    const retried = await decide(sessions.compliance, dan.id, 'reject', {
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
    expectProblem(await decide(sessions.compliance, dan.id, 'approve'), 409, 'deactivation_already_decided');
  });
});
