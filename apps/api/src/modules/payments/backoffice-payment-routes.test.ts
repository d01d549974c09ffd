import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger/index';
import { runClearingSimulator } from '../rails';
import {
  balanceOf,
  type DemoAccount,
  latestCode,
  logInDemo,
  openFundedAccount,
  type Session,
  seedDemo,
} from './testing/payment-fixtures';

// The back office's payments (docs/requirements/payments.md): the queue with its filters and counts, one
// payment with its history and ledger transfers, hold and release, void (stop) before the rail
// has it, and the rails' channels. Roles payments and admin; support is refused.
const ALICE = 'private@demo.test';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let test: TestApp;
let alice: Session;
let payments: Session;
let admin: Session;
let support: Session;
let aliceEur: DemoAccount;
let keys = 0;

const get = (url: string, session: Session) =>
  test.app.inject({ method: 'GET', url, headers: session.headers });
const post = (url: string, session: Session, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url, headers: session.headers, payload });

async function createPayment(payee: string, amount: number) {
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/client/payments',
    headers: { ...alice.headers, 'idempotency-key': `bo-payments-${++keys}` },
    payload: {
      type: 'sepa',
      account_id: aliceEur.id,
      amount,
      currency: 'EUR',
      recipient: { name: payee, iban: 'DE89370400440532013000' },
      description: `Invoice ${keys}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { id: string; end_to_end_id: string; total: number };
}

async function createAndConfirm(payee: string, amount: number) {
  const payment = await createPayment(payee, amount);
  const confirmed = await post(`/api/client/payments/${payment.id}/confirm`, alice, {
    code: await latestCode(test.app, ALICE),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return payment;
}

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  aliceEur = await openFundedAccount(test.db, ALICE, 'EUR', 5_000_000);
  alice = await logInDemo(test.app, ALICE);
  payments = await logInDemo(test.app, 'payments@demo.test', true);
  admin = await logInDemo(test.app, 'admin@demo.test', true);
  support = await logInDemo(test.app, 'support@demo.test', true);
}, 180_000);

afterAll(async () => {
  await test?.close();
});

describe('the payments queue', () => {
  it('filters by rail, status, hold and text, and counts per status', async () => {
    const waiting = await createPayment('Queue Waiting', 111);
    const processing = await createAndConfirm('Queue Processing', 222);

    const all = await get('/api/backoffice/payments?rail=sepa', payments);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.meta.counts).toMatchObject({ awaiting_confirmation: 1, processing: 1, completed: 0 });
    expect(body.meta.total).toBe(2);
    expect(body.data.map((row: { id: string }) => row.id)).toEqual([waiting.id, processing.id]);
    expect(body.data[0]).toMatchObject({ client_name: 'Alex Morgan', on_hold: false, file_id: null });

    const byStatus = await get('/api/backoffice/payments?status=processing', payments);
    expect(byStatus.json().data.map((row: { id: string }) => row.id)).toEqual([processing.id]);
    // The counts ignore the status filter, so every tab's badge stays right.
    expect(byStatus.json().meta.counts.awaiting_confirmation).toBe(1);
    expect(byStatus.json().meta.total).toBe(1);

    const byName = await get('/api/backoffice/payments?q=queue%20wait', admin);
    expect(byName.json().data.map((row: { id: string }) => row.id)).toEqual([waiting.id]);
    const byId = await get(`/api/backoffice/payments?q=${processing.id.slice(0, 13)}`, payments);
    expect(byId.json().data.map((row: { id: string }) => row.id)).toEqual([processing.id]);
    const byReference = await get(`/api/backoffice/payments?q=${processing.end_to_end_id}`, payments);
    expect(byReference.json().meta.total).toBe(1);
    const [owner] = await test.db.query<{ client_id: string }>(
      'SELECT client_id FROM payments WHERE id = $1',
      [processing.id],
    );
    const byClient = await get(`/api/backoffice/payments?client_id=${owner?.client_id}`, payments);
    expect(byClient.json().meta.total).toBe(2);
    expect((await get(`/api/backoffice/payments?client_id=${UNKNOWN_ID}`, payments)).json().meta.total).toBe(
      0,
    );
    expect((await get('/api/backoffice/payments?on_hold=true', payments)).json().meta.total).toBe(0);
  });

  it('refuses support agents, clients and bad filters', async () => {
    expectProblem(await get('/api/backoffice/payments', support), 403, 'forbidden_role');
    expectProblem(await get('/api/backoffice/payments', alice), 401);
    for (const query of [
      'status=bogus',
      'rail=ach',
      'on_hold=yes',
      'limit=0',
      'limit=500',
      'page=-1',
      'client_id=nope',
      `q=${'a'.repeat(71)}`,
      'q=%E2%80%AEevil',
      // LIKE's wildcards are not payment text.
      'q=%25',
      'extra=1',
    ]) {
      expectProblem(await get(`/api/backoffice/payments?${query}`, payments), 400);
    }
  });
});

describe('one payment', () => {
  it('shows its status history and its ledger transfers with readable accounts', async () => {
    const payment = await createAndConfirm('Detail Payee', 4_321);
    const answer = await get(`/api/backoffice/payments/${payment.id}`, payments);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json().data;
    expect(detail).toMatchObject({
      id: payment.id,
      status: 'processing',
      client_email: ALICE,
      rail_state: 'queued',
      amount: 4_321,
    });
    expect(detail.history.map((event: { status: string }) => event.status)).toEqual([
      'created',
      'awaiting_confirmation',
      'processing',
    ]);
    expect(detail.history[2].actor_type).toBe('client');
    const hold = detail.transfers.find((transfer: { code: string }) => transfer.code === 'sepa_payment');
    expect(hold).toMatchObject({
      kind: 'pending',
      state: 'pending',
      amount: 4_321,
      currency: 'EUR',
      debit_account: { id: aliceEur.ledgerAccountId, kind: 'client_emoney' },
      credit_account: { kind: 'rail_settlement', label: 'Rail settlement SEPA · EUR' },
    });
    expect(hold.debit_account.label).toContain(aliceEur.iban);
    const fees = detail.transfers.filter((transfer: { code: string }) => transfer.code === 'payment_fee');
    expect(fees.length).toBe(detail.fee > 0 ? 1 : 0);
  });

  it('answers 404 for an unknown payment, 400 for a bad id and 403 for support', async () => {
    expectProblem(await get(`/api/backoffice/payments/${UNKNOWN_ID}`, payments), 404, 'not_found');
    expectProblem(await get('/api/backoffice/payments/not-a-uuid', payments), 400);
    const payment = await createPayment('Support Cannot See', 100);
    expectProblem(await get(`/api/backoffice/payments/${payment.id}`, support), 403, 'forbidden_role');
  });
});

describe('operator actions', () => {
  it('holds and releases a queued payment with a reason', async () => {
    const payment = await createAndConfirm('Hold Me', 700);
    const url = `/api/backoffice/payments/${payment.id}`;
    expectProblem(await post(`${url}/hold`, payments, { reason: 'no' }), 400);
    expectProblem(await post(`${url}/hold`, payments, {}), 400);
    expectProblem(await post(`${url}/hold`, support, { reason: 'Checking the payee' }), 403);
    expectProblem(
      await post(`/api/backoffice/payments/${UNKNOWN_ID}/hold`, payments, { reason: 'Why not' }),
      404,
    );
    const held = await post(`${url}/hold`, payments, { reason: 'Checking the payee' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toMatchObject({ on_hold: true, status: 'processing' });
    expect(held.json().data.history.at(-1).reason).toBe('Held by operations: Checking the payee');
    expectProblem(
      await post(`${url}/hold`, payments, { reason: 'Again please' }),
      409,
      'payment_already_held',
    );
    const released = await post(`${url}/release`, admin, { reason: 'Payee checked' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.on_hold).toBe(false);
    expectProblem(
      await post(`${url}/release`, payments, { reason: 'Again please' }),
      409,
      'payment_not_held',
    );
  });

  it('voids a payment before it leaves: holds voided, money back, client told, audited', async () => {
    const before = await balanceOf(test.db, aliceEur);
    const payment = await createAndConfirm('Stop Me', 9_000);
    expect((await balanceOf(test.db, aliceEur)).available).toBe(before.available - payment.total);
    const url = `/api/backoffice/payments/${payment.id}`;
    expectProblem(await post(`${url}/void`, support, { reason: 'Suspected fraud' }), 403);
    expectProblem(await post(`${url}/void`, payments, { reason: ' ' }), 400);
    expectProblem(await post(`${url}/void`, payments, { reason: 'x'.repeat(501) }), 400);
    expectProblem(
      await post(`/api/backoffice/payments/${UNKNOWN_ID}/void`, payments, { reason: 'Gone' }),
      404,
    );

    const voided = await post(`${url}/void`, payments, { reason: 'Suspected fraud' });
    expect(voided.statusCode, voided.body).toBe(200);
    const detail = voided.json().data;
    expect(detail).toMatchObject({
      status: 'cancelled',
      rail_state: 'cancelled',
      status_reason: 'Stopped by operations: Suspected fraud',
    });
    expect(detail.history.at(-1)).toMatchObject({ status: 'cancelled', actor_type: 'operator' });
    const holds = detail.transfers.filter((transfer: { kind: string }) => transfer.kind === 'pending');
    expect(holds.length).toBeGreaterThan(0);
    for (const hold of holds) expect(hold.state).toBe('voided');
    expect(await balanceOf(test.db, aliceEur)).toEqual(before);

    const [audit] = await test.db.query<{ actor_type: string; details: Record<string, unknown> }>(
      `SELECT actor_type, details FROM audit_log WHERE action = 'payment.cancelled' AND object_id = $1`,
      [payment.id],
    );
    expect(audit).toMatchObject({
      actor_type: 'operator',
      details: {
        from: 'processing',
        reason: 'Stopped by operations: Suspected fraud',
        operator_action: 'void',
      },
    });
    const notices = await test.db.query<{ body: string }>(
      `SELECT body FROM client_notifications WHERE kind = 'payment_status_changed' AND params->>'payment_id' = $1
       AND params->>'status' = 'cancelled'`,
      [payment.id],
    );
    expect(notices).toHaveLength(1);
    expectProblem(
      await post(`${url}/void`, payments, { reason: 'Once more' }),
      409,
      'payment_not_cancellable',
    );
  });

  it('voids a payment still waiting for its code, which can then not be confirmed', async () => {
    const payment = await createPayment('Never Confirmed', 300);
    const code = await latestCode(test.app, ALICE);
    const voided = await post(`/api/backoffice/payments/${payment.id}/void`, admin, {
      reason: 'Client asked by phone',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'cancelled', rail_state: null, transfers: [] });
    expectProblem(
      await post(`/api/client/payments/${payment.id}/confirm`, alice, { code }),
      409,
      'payment_not_awaiting_confirmation',
    );
  });

  it('refuses to void a payment the rail has, which can still be returned', async () => {
    const payment = await createAndConfirm('Already Sent', 800);
    const report = await runClearingSimulator(test.db, { delaySeconds: 3_600 });
    expect(report.submitted).toBeGreaterThanOrEqual(1);
    const url = `/api/backoffice/payments/${payment.id}`;
    expectProblem(await post(`${url}/void`, payments, { reason: 'Too late' }), 409, 'payment_already_sent');
    expectProblem(await post(`${url}/hold`, payments, { reason: 'Too late' }), 409, 'payment_already_sent');
    const returned = await post(`${url}/return`, payments, { reason: 'Payee bank closed the account' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'returned', rail_state: 'returned' });
    expectProblem(
      await post(`${url}/void`, payments, { reason: 'Too late' }),
      409,
      'payment_not_cancellable',
    );
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
  });
});

describe('rail channels', () => {
  it('lists each rail’s channel and follows the switch', async () => {
    const before = await get('/api/backoffice/payment-rails', payments);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual([
      { rail: 'sepa', channel: 'simulator', switchable: true },
      { rail: 'swift', channel: 'simulator', switchable: true },
      { rail: 'faster_pay', channel: 'simulator', switchable: false },
    ]);
    const set = await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/payment-rails/sepa',
      headers: admin.headers,
      payload: { channel: 'file' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = await get('/api/backoffice/payment-rails', payments);
    expect(after.json().data[0]).toEqual({ rail: 'sepa', channel: 'file', switchable: true });
    expectProblem(await get('/api/backoffice/payment-rails', support), 403, 'forbidden_role');
    expectProblem(await get('/api/backoffice/payment-rails', alice), 401);
    const bad = await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/payment-rails/faster_pay',
      headers: payments.headers,
      payload: { channel: 'file' },
    });
    expectProblem(bad, 400);
  });
});
