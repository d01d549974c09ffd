import { describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../ledger';
import { balanceOf } from '../payments/testing/payment-fixtures';
import { runClearingSimulator } from './rail-worker';
import { usePaymentFileWorld } from './testing/payment-file-world';

// The rail outbox: a simulator that submits each payment exactly once however often it runs or
// restarts, and money sent in a file held until the bank answers.
const { test, accounts, sessions, newKey, setChannel, payAndConfirm, statusOf, exportFile, pain002 } =
  usePaymentFileWorld();

describe('the rail outbox', () => {
  it('submits each payment once and settles it once, however often the worker runs or restarts', async () => {
    await setChannel('sepa', 'simulator');
    const payment = await payAndConfirm({
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount: 500,
      currency: 'EUR',
      recipient: { name: 'Outbox Test', iban: 'DE89370400440532013000' },
    });
    const now = new Date();
    // First pass submits with a delay; the "process dies" before the clearing answers.
    const [first, second] = await Promise.all([
      runClearingSimulator(test.db, { now, delaySeconds: 60 }),
      runClearingSimulator(test.db, { now, delaySeconds: 60 }),
    ]);
    expect((first?.submitted ?? 0) + (second?.submitted ?? 0)).toBe(1);
    expect(await statusOf(payment.id)).toBe('processing');
    // A restarted worker picks the row up where it was and settles it after the delay, once.
    const later = new Date(now.getTime() + 61_000);
    const runs = await Promise.all([1, 2, 3].map(() => runClearingSimulator(test.db, { now: later })));
    expect(runs.reduce((sum, run) => sum + run.resolved, 0)).toBe(1);
    expect(await statusOf(payment.id)).toBe('completed');
    const [row] = await test.db.query<{ attempts: number; state: string }>(
      'SELECT attempts, state FROM rail_submissions WHERE payment_id = $1',
      [payment.id],
    );
    expect(row).toEqual({ attempts: 1, state: 'settled' });
    const transfers = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE reference_type = 'payment' AND reference_id = $1`,
      [payment.id],
    );
    // Two holds and their two posts: nothing twice.
    expect(transfers[0]?.n).toBe(4);
  });

  it('cancels unconfirmed payments, and keeps the money of one sent in a file held until the bank answers', async () => {
    await setChannel('sepa', 'file');
    const unconfirmed = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...sessions.alice.headers, 'idempotency-key': newKey() },
      payload: {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 400,
        currency: 'EUR',
        recipient: { name: 'Late', iban: 'DE89370400440532013000' },
      },
    });
    const sent = await payAndConfirm({
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount: 600,
      currency: 'EUR',
      recipient: { name: 'Slow Bank', iban: 'DE89370400440532013000' },
    });
    const { file } = await exportFile('sepa');
    const before = await balanceOf(test.db, accounts.aliceEur);
    // Eleven days without an answer: the unconfirmed payment is cancelled, but the money sent
    // in the file stays held (the bank may have paid it out), and so does the SWIFT payment of
    // the file test.
    const report = await runClearingSimulator(test.db, { now: new Date(Date.now() + 11 * 86_400_000) });
    expect(report.expired).toBe(1);
    expect(await statusOf(unconfirmed.json().data.id)).toBe('cancelled');
    expect(await statusOf(sent.id)).toBe('processing');
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual(before);
    // The bank's late answer still settles it, once.
    const imported = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: sessions.operator.headers,
      payload: { xml: pain002(file.message_id, 'BANK-REPORT-LATE', [[sent.end_to_end_id, 'ACSC']]) },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ settled: 1, rejected: 0 });
    expect(await statusOf(sent.id)).toBe('completed');
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual({
      balance: before.balance - sent.total,
      available: before.available,
    });
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
