import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger';
import { runClearingSimulator } from '../rails';
import { ALICE, UNKNOWN_ID, useBackofficePaymentsWorld } from './testing/backoffice-world';
import { balanceOf, latestCode } from './testing/payment-fixtures';

// What an operator does to a payment: hold and release it, and void (stop) it before the rail
// has it. Roles payments and admin; support is refused.
// The requirements: docs/requirements/payments.md.
const { test, accounts, sessions, post, createPayment, createAndConfirm } = useBackofficePaymentsWorld();

describe('operator actions', () => {
  it('holds and releases a queued payment with a reason', async () => {
    const payment = await createAndConfirm('Hold Me', 700);
    const url = `/api/backoffice/payments/${payment.id}`;
    expectProblem(await post(`${url}/hold`, sessions.payments, { reason: 'no' }), 400);
    expectProblem(await post(`${url}/hold`, sessions.payments, {}), 400);
    expectProblem(await post(`${url}/hold`, sessions.support, { reason: 'Checking the payee' }), 403);
    expectProblem(
      await post(`/api/backoffice/payments/${UNKNOWN_ID}/hold`, sessions.payments, { reason: 'Why not' }),
      404,
    );
    const held = await post(`${url}/hold`, sessions.payments, { reason: 'Checking the payee' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toMatchObject({ on_hold: true, status: 'processing' });
    expect(held.json().data.history.at(-1).reason).toBe('Held by operations: Checking the payee');
    expectProblem(
      await post(`${url}/hold`, sessions.payments, { reason: 'Again please' }),
      409,
      'payment_already_held',
    );
    const released = await post(`${url}/release`, sessions.admin, { reason: 'Payee checked' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.on_hold).toBe(false);
    expectProblem(
      await post(`${url}/release`, sessions.payments, { reason: 'Again please' }),
      409,
      'payment_not_held',
    );
  });

  it('voids a payment before it leaves: holds voided, money back, client told, audited', async () => {
    const before = await balanceOf(test.db, accounts.aliceEur);
    const payment = await createAndConfirm('Stop Me', 9_000);
    expect((await balanceOf(test.db, accounts.aliceEur)).available).toBe(before.available - payment.total);
    const url = `/api/backoffice/payments/${payment.id}`;
    expectProblem(await post(`${url}/void`, sessions.support, { reason: 'Suspected fraud' }), 403);
    expectProblem(await post(`${url}/void`, sessions.payments, { reason: ' ' }), 400);
    expectProblem(await post(`${url}/void`, sessions.payments, { reason: 'x'.repeat(501) }), 400);
    expectProblem(
      await post(`/api/backoffice/payments/${UNKNOWN_ID}/void`, sessions.payments, { reason: 'Gone' }),
      404,
    );

    const voided = await post(`${url}/void`, sessions.payments, { reason: 'Suspected fraud' });
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
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual(before);

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
      await post(`${url}/void`, sessions.payments, { reason: 'Once more' }),
      409,
      'payment_not_cancellable',
    );
  });

  it('voids a payment still waiting for its code, which can then not be confirmed', async () => {
    const payment = await createPayment('Never Confirmed', 300);
    const code = await latestCode(test.app, ALICE);
    const voided = await post(`/api/backoffice/payments/${payment.id}/void`, sessions.admin, {
      reason: 'Client asked by phone',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'cancelled', rail_state: null, transfers: [] });
    expectProblem(
      await post(`/api/client/payments/${payment.id}/confirm`, sessions.alice, { code }),
      409,
      'payment_not_awaiting_confirmation',
    );
  });

  it('refuses to void a payment the rail has, which can still be returned', async () => {
    const payment = await createAndConfirm('Already Sent', 800);
    const report = await runClearingSimulator(test.db, { delaySeconds: 3_600 });
    expect(report.submitted).toBeGreaterThanOrEqual(1);
    const url = `/api/backoffice/payments/${payment.id}`;
    expectProblem(
      await post(`${url}/void`, sessions.payments, { reason: 'Too late' }),
      409,
      'payment_already_sent',
    );
    expectProblem(
      await post(`${url}/hold`, sessions.payments, { reason: 'Too late' }),
      409,
      'payment_already_sent',
    );
    const returned = await post(`${url}/return`, sessions.payments, {
      reason: 'Payee bank closed the account',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'returned', rail_state: 'returned' });
    expectProblem(
      await post(`${url}/void`, sessions.payments, { reason: 'Too late' }),
      409,
      'payment_not_cancellable',
    );
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
  });
});
