import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount } from '../ledger/index';
import { logInDemo, type Session, seedDemo } from '../payments/testing/payment-fixtures';
import { runClearingSimulator } from '../rails';
import { PAYOUT_DESCRIPTION } from './payout-payments';
import {
  type ApprovedClient,
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';

// The pay-out on closing (docs/requirements/deactivation.md), end to end through the back-office route
// and the clearing simulator: approving with money left pays it out (fee-inclusive, from each
// account to the chosen recipient) and the accounts close when it arrives; a pay-out that comes
// back puts the request back in review with the money; an internal pay-out closes at once.
let test: TestApp;
let compliance: Session;

const approve = (clientId: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/backoffice/deactivations/${clientId}/approve`,
    headers: compliance.headers,
    payload: {},
  });
const detail = async (clientId: string) =>
  (
    await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/deactivations/${clientId}`,
      headers: compliance.headers,
    })
  ).json().data;
const clientStatus = async (clientId: string) =>
  (await test.db.query<{ status: string }>('SELECT status FROM clients WHERE id = $1', [clientId]))[0]
    ?.status;
const payoutsOf = (clientId: string) =>
  test.db.query<{
    id: string;
    status: string;
    type: string;
    amount_minor: number;
    fee_minor: number;
    description: string;
    deactivation_request_id: string | null;
  }>('SELECT * FROM payments WHERE client_id = $1 ORDER BY created_at', [clientId]);
const ledgerOf = (client: ApprovedClient, currency: string) => {
  const account = client.accounts.find((candidate) => candidate.currency === currency);
  if (!account) throw new Error(`no ${currency} account`);
  return getAccount(test.db, account.ledgerAccountId);
};
const settle = () => runClearingSimulator(test.db, { delaySeconds: 0 });

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  compliance = await logInDemo(test.app, 'compliance@demo.test', true);
}, 180_000);

afterAll(async () => {
  await test?.close();
});

describe('approving with money left', () => {
  let ivy: ApprovedClient;

  beforeAll(async () => {
    ivy = await approvedClient(test.app, test.db, 'ivy@payout.test');
    await fund(test.db, ivy, 'EUR', 10_000, 'ivy');
    const recipient = await confirmedRecipient(test.app, ivy);
    await requestDeactivation(test.app, ivy, { kind: 'recipient', recipient_id: recipient });
  });

  it('shows the operator the pay-out it would make', async () => {
    const before = await detail(ivy.id);
    expect(before.blockers).toEqual([]);
    expect(before.payout_plan).toEqual([
      expect.objectContaining({ currency: 'EUR', total: 10_000, amount: 9_500, fee: 500, problem: null }),
    ]);
  });

  it('pays the whole balance out, fee included, holds it and ends the client’s sessions', async () => {
    const approved = await approve(ivy.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'DEACTIVATION_REQUESTED',
      request_status: 'paying_out',
    });
    const [payout, ...others] = await payoutsOf(ivy.id);
    expect(others).toHaveLength(0);
    expect(payout).toMatchObject({
      status: 'processing',
      type: 'sepa',
      amount_minor: 9_500,
      fee_minor: 500,
      description: PAYOUT_DESCRIPTION,
      deactivation_request_id: approved.json().data.request_id,
    });
    expect(await ledgerOf(ivy, 'EUR')).toMatchObject({
      balanceMinor: 10_000,
      availableMinor: 0,
      frozen: false,
    });
    expect(await clientStatus(ivy.id)).toBe('DEACTIVATION_REQUESTED');
    const view = await test.app.inject({
      method: 'GET',
      url: '/api/client/deactivation',
      headers: ivy.session.headers,
    });
    expect(view.statusCode).toBe(401);
    const notices = await test.db.query(
      `SELECT 1 FROM client_notifications WHERE client_id = $1 AND kind = 'deactivation_paying_out'`,
      [ivy.id],
    );
    expect(notices).toHaveLength(1);
    expect((await detail(ivy.id)).status).toBe('paying_out');
  });

  it('answers a retried approval the same, without a second pay-out; a rejection is refused', async () => {
    const retried = await approve(ivy.id);
    expect(retried.json().data).toMatchObject({ request_status: 'paying_out' });
    expect(await payoutsOf(ivy.id)).toHaveLength(1);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/backoffice/deactivations/${ivy.id}/reject`,
        headers: compliance.headers,
        payload: { reason: 'Changed our mind' },
      }),
      409,
      'deactivation_paying_out',
    );
  });

  it('closes the accounts when the rail settles the pay-out', async () => {
    await settle();
    expect((await payoutsOf(ivy.id))[0]?.status).toBe('completed');
    expect(await clientStatus(ivy.id)).toBe('DEACTIVATED');
    for (const account of ivy.accounts)
      expect(await getAccount(test.db, account.ledgerAccountId)).toMatchObject({
        balanceMinor: 0,
        availableMinor: 0,
        frozen: true,
      });
    const closed = await detail(ivy.id);
    expect(closed).toMatchObject({ status: 'approved', payout_note: null });
    expect(closed.payout_payments).toEqual([expect.objectContaining({ status: 'completed', amount: 9_500 })]);
    const audit = await test.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'deactivation.closed_after_payout' AND object_id = $1`,
      [ivy.id],
    );
    expect(audit).toHaveLength(1);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});

describe('a pay-out that comes back', () => {
  let jon: ApprovedClient;

  beforeAll(async () => {
    jon = await approvedClient(test.app, test.db, 'jon@payout.test');
    await fund(test.db, jon, 'EUR', 20_000, 'jon');
    const recipient = await confirmedRecipient(test.app, jon, {
      type: 'sepa',
      details: { name: 'RETURN Bank Customer', iban: 'DE89370400440532013000' },
    });
    await requestDeactivation(test.app, jon, { kind: 'recipient', recipient_id: recipient });
  });

  it('puts the money back and the request back in review with a note', async () => {
    expect((await approve(jon.id)).json().data.request_status).toBe('paying_out');
    await settle();
    expect((await payoutsOf(jon.id))[0]?.status).toBe('returned');
    expect(await ledgerOf(jon, 'EUR')).toMatchObject({
      balanceMinor: 20_000,
      availableMinor: 20_000,
      frozen: false,
    });
    expect(await clientStatus(jon.id)).toBe('DEACTIVATION_REQUESTED');
    const back = await detail(jon.id);
    expect(back.status).toBe('pending');
    expect(back.payout_note).toContain('was returned');
    const queue = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/deactivations',
      headers: compliance.headers,
    });
    const line = queue.json().data.find((item: { client_id: string }) => item.client_id === jon.id);
    expect(line.payout_note).toContain('195.00 EUR');
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('lets the operator reject it then; the client is approved again', async () => {
    const rejected = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/deactivations/${jon.id}/reject`,
      headers: compliance.headers,
      payload: { reason: 'The recipient bank returns the payment; please choose another recipient' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await clientStatus(jon.id)).toBe('APPROVED');
  });
});

describe('an internal pay-out', () => {
  it('arrives at once, so the accounts close in the approval itself', async () => {
    const kim = await approvedClient(test.app, test.db, 'kim@payout.test');
    const lou = await approvedClient(test.app, test.db, 'lou@payout.test');
    await fund(test.db, kim, 'EUR', 3_000, 'kim');
    await fund(test.db, kim, 'GBP', 700, 'kim');
    const [group] = await test.db.query<{ account_number: string }>(
      'SELECT account_number FROM account_groups WHERE client_id = $1 LIMIT 1',
      [lou.id],
    );
    const recipient = await confirmedRecipient(test.app, kim, {
      type: 'internal',
      details: { name: 'Lou Internal', account_number: group?.account_number ?? '' },
    });
    await requestDeactivation(test.app, kim, { kind: 'recipient', recipient_id: recipient });
    const approved = await approve(kim.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'DEACTIVATED', request_status: 'approved' });
    const payouts = await payoutsOf(kim.id);
    expect(
      payouts.map((payment) => [payment.status, payment.amount_minor, payment.fee_minor]).sort(),
    ).toEqual([
      ['completed', 3_000, 0],
      ['completed', 700, 0],
    ]);
    expect(await ledgerOf(lou, 'EUR')).toMatchObject({ balanceMinor: 3_000 });
    expect(await ledgerOf(lou, 'GBP')).toMatchObject({ balanceMinor: 700 });
    for (const account of kim.accounts)
      expect(await getAccount(test.db, account.ledgerAccountId)).toMatchObject({
        balanceMinor: 0,
        frozen: true,
      });
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});

describe('SWIFT pay-outs from two currencies', () => {
  it('splits each balance into amount and fee that add up to it, through the FX rate for the fee', async () => {
    const max = await approvedClient(test.app, test.db, 'max@payout.test');
    await fund(test.db, max, 'EUR', 1_000_000, 'max');
    await fund(test.db, max, 'GBP', 12_345_679, 'max');
    const recipient = await confirmedRecipient(test.app, max, {
      type: 'international',
      details: {
        name: 'John Smith',
        address: '1 Main Street, New York',
        country: 'US',
        account_number: '123456789',
        bank_name: 'Chase',
        swift: 'CHASUS33',
      },
    });
    await requestDeactivation(test.app, max, { kind: 'recipient', recipient_id: recipient });
    expect((await approve(max.id)).json().data.request_status).toBe('paying_out');
    const payouts = await test.db.query<{
      currency: string;
      amount_minor: number;
      fee_minor: number;
      type: string;
    }>(
      'SELECT currency, amount_minor, fee_minor, type FROM payments WHERE client_id = $1 ORDER BY currency',
      [max.id],
    );
    expect(payouts.map((payment) => [payment.currency, payment.amount_minor + payment.fee_minor])).toEqual([
      ['EUR', 1_000_000],
      ['GBP', 12_345_679],
    ]);
    // 0.2% with a minimum of 75 EUR: the minimum applies to 10 000 EUR.
    expect(payouts[0]).toMatchObject({ type: 'international', amount_minor: 992_500, fee_minor: 7_500 });
    expect(payouts[1]?.fee_minor).toBeGreaterThan(7_500 * 0.5);
    await settle();
    expect(await clientStatus(max.id)).toBe('DEACTIVATED');
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});

describe('while paying out', () => {
  const start = async (email: string) => {
    const client = await approvedClient(test.app, test.db, email);
    await fund(test.db, client, 'EUR', 5_000, 'start');
    const recipient = await confirmedRecipient(test.app, client);
    await requestDeactivation(test.app, client, { kind: 'recipient', recipient_id: recipient });
    expect((await approve(client.id)).json().data.request_status).toBe('paying_out');
    return client;
  };

  it('a pay-out stopped by operations before it leaves reopens the review with the money back', async () => {
    const ned = await start('ned@payout.test');
    const [payout] = await payoutsOf(ned.id);
    const voided = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/payments/${payout?.id}/void`,
      headers: (await logInDemo(test.app, 'payments@demo.test', true)).headers,
      payload: { reason: 'Checking the recipient' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await ledgerOf(ned, 'EUR')).toMatchObject({ balanceMinor: 5_000, availableMinor: 5_000 });
    const back = await detail(ned.id);
    expect(back.status).toBe('pending');
    expect(back.payout_note).toContain('was cancelled');
  });

  it('money that arrives meanwhile sends the request back for another pay-out instead of closing', async () => {
    const ola = await start('ola@payout.test');
    await fund(test.db, ola, 'EUR', 250, 'late-credit');
    await settle();
    expect((await payoutsOf(ola.id))[0]?.status).toBe('completed');
    expect(await ledgerOf(ola, 'EUR')).toMatchObject({ balanceMinor: 250, frozen: false });
    const back = await detail(ola.id);
    expect(back).toMatchObject({ status: 'pending', blockers: ['balance_remains'] });
    expect(back.payout_note).toContain('Money arrived');
    expect(await clientStatus(ola.id)).toBe('DEACTIVATION_REQUESTED');
  });
});
