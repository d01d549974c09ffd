import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { ALICE, UNKNOWN_ID, useBackofficePaymentsWorld } from './testing/backoffice-world';

// The back office's payments: the queue with its filters and counts, one payment with its
// history and ledger transfers, and the rails' channels. Roles payments and admin; support is
// refused.
// The requirements: docs/requirements/payments.md.
const { test, accounts, sessions, get, createPayment, createAndConfirm } = useBackofficePaymentsWorld();

describe('the payments queue', () => {
  it('filters by rail, status, hold and text, and counts per status', async () => {
    const waiting = await createPayment('Queue Waiting', 111);
    const processing = await createAndConfirm('Queue Processing', 222);

    const all = await get('/api/backoffice/payments?rail=sepa', sessions.payments);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    // Besides these two, only the demo clients' completed history.
    expect(body.meta.counts).toMatchObject({ awaiting_confirmation: 1, processing: 1 });
    expect(body.meta.total).toBe(2 + body.meta.counts.completed);
    const open = body.data.filter((row: { status: string }) => row.status !== 'completed');
    // Newest first, and the demo clients' older history after them.
    expect(open.map((row: { id: string }) => row.id)).toEqual([processing.id, waiting.id]);
    expect(body.data.slice(0, 2)).toEqual(open);
    expect(open[0]).toMatchObject({ client_name: 'Alex Morgan', on_hold: false, file_id: null });
    // Two payments made in the same instant keep one order: the later id first.
    await test.db.query('UPDATE payments SET created_at = $3 WHERE id IN ($1, $2)', [
      waiting.id,
      processing.id,
      new Date(),
    ]);
    const tied = (await get('/api/backoffice/payments?rail=sepa', sessions.payments)).json().data;
    expect(tied.slice(0, 2).map((row: { id: string }) => row.id)).toEqual(
      [waiting.id, processing.id].sort().reverse(),
    );

    const byStatus = await get('/api/backoffice/payments?status=processing', sessions.payments);
    expect(byStatus.json().data.map((row: { id: string }) => row.id)).toEqual([processing.id]);
    // The counts ignore the status filter, so every tab's badge stays right.
    expect(byStatus.json().meta.counts.awaiting_confirmation).toBe(1);
    expect(byStatus.json().meta.total).toBe(1);

    const byName = await get('/api/backoffice/payments?q=queue%20wait', sessions.admin);
    expect(byName.json().data.map((row: { id: string }) => row.id)).toEqual([waiting.id]);
    const byId = await get(`/api/backoffice/payments?q=${processing.id.slice(0, 13)}`, sessions.payments);
    expect(byId.json().data.map((row: { id: string }) => row.id)).toEqual([processing.id]);
    const byReference = await get(
      `/api/backoffice/payments?q=${processing.end_to_end_id}`,
      sessions.payments,
    );
    expect(byReference.json().meta.total).toBe(1);
    const [owner] = await test.db.query<{ client_id: string }>(
      'SELECT client_id FROM payments WHERE id = $1',
      [processing.id],
    );
    const byClient = await get(`/api/backoffice/payments?client_id=${owner?.client_id}`, sessions.payments);
    expect(byClient.json().meta.total).toBe(2 + byClient.json().meta.counts.completed);
    expect(
      (await get(`/api/backoffice/payments?client_id=${UNKNOWN_ID}`, sessions.payments)).json().meta.total,
    ).toBe(0);
    expect((await get('/api/backoffice/payments?on_hold=true', sessions.payments)).json().meta.total).toBe(0);
  });

  it('refuses support agents, clients and bad filters', async () => {
    expectProblem(await get('/api/backoffice/payments', sessions.support), 403, 'forbidden_role');
    expectProblem(await get('/api/backoffice/payments', sessions.alice), 401);
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
      expectProblem(await get(`/api/backoffice/payments?${query}`, sessions.payments), 400);
    }
  });
});

describe('one payment', () => {
  it('shows its status history and its ledger transfers with readable accounts', async () => {
    const payment = await createAndConfirm('Detail Payee', 4_321);
    const answer = await get(`/api/backoffice/payments/${payment.id}`, sessions.payments);
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
      debit_account: { id: accounts.aliceEur.ledgerAccountId, kind: 'client_emoney' },
      credit_account: { kind: 'rail_settlement', label: 'Rail settlement SEPA · EUR' },
    });
    expect(hold.debit_account.label).toContain(accounts.aliceEur.iban);
    // The account paid from by its name and IBAN, the way the transfers name it, never its id.
    expect(detail.account_label).toMatch(new RegExp(` \\(EUR\\) · ${accounts.aliceEur.iban}$`));
    expect(detail.account_label).toBe(hold.debit_account.label);
    const fees = detail.transfers.filter((transfer: { code: string }) => transfer.code === 'payment_fee');
    expect(fees.length).toBe(detail.fee > 0 ? 1 : 0);
  });

  it('shows a payment of the demo history settled by its rail, as one sent live and settled', async () => {
    const live = await createAndConfirm('Rail Details Payee', 4_322);
    const run = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-rails/simulator/run',
      headers: sessions.payments.headers,
      payload: { settle_now: true },
    });
    expect(run.statusCode, run.body).toBe(200);
    const completed = (await get('/api/backoffice/payments?status=completed&limit=100', sessions.payments))
      .json()
      .data.map((row: { id: string }) => row.id);
    const seeded = completed.filter((id: string) => id !== live.id);
    expect(seeded.length).toBeGreaterThan(0);
    for (const id of [live.id, ...seeded]) {
      const detail = (await get(`/api/backoffice/payments/${id}`, sessions.payments)).json().data;
      expect(detail, id).toMatchObject({ status: 'completed', rail_state: 'settled' });
    }
    // The seeded rows are what the rail worker leaves: sent once, settled, on the rail's channel.
    const rails = await test.db.query<{
      channel: string;
      attempts: number;
      sent: boolean;
      resolved: boolean;
    }>(
      `SELECT channel, attempts, submitted_at IS NOT NULL AS sent, resolved_at IS NOT NULL AS resolved
         FROM rail_submissions WHERE payment_id = ANY($1::uuid[])`,
      [[live.id, ...seeded]],
    );
    expect(rails).toHaveLength(seeded.length + 1);
    expect(new Set(rails.map((row) => JSON.stringify(row)))).toEqual(
      new Set([JSON.stringify({ channel: 'simulator', attempts: 1, sent: true, resolved: true })]),
    );
  });

  it('answers 404 for an unknown payment, 400 for a bad id and 403 for support', async () => {
    expectProblem(await get(`/api/backoffice/payments/${UNKNOWN_ID}`, sessions.payments), 404, 'not_found');
    expectProblem(await get('/api/backoffice/payments/not-a-uuid', sessions.payments), 400);
    const payment = await createPayment('Support Cannot See', 100);
    expectProblem(
      await get(`/api/backoffice/payments/${payment.id}`, sessions.support),
      403,
      'forbidden_role',
    );
  });
});

describe('rail channels', () => {
  it('lists each rail’s channel and follows the switch', async () => {
    const before = await get('/api/backoffice/payment-rails', sessions.payments);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual([
      { rail: 'sepa', channel: 'simulator', switchable: true },
      { rail: 'swift', channel: 'simulator', switchable: true },
      { rail: 'faster_pay', channel: 'simulator', switchable: false },
    ]);
    const set = await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/payment-rails/sepa',
      headers: sessions.admin.headers,
      payload: { channel: 'file' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = await get('/api/backoffice/payment-rails', sessions.payments);
    expect(after.json().data[0]).toEqual({ rail: 'sepa', channel: 'file', switchable: true });
    expectProblem(await get('/api/backoffice/payment-rails', sessions.support), 403, 'forbidden_role');
    expectProblem(await get('/api/backoffice/payment-rails', sessions.alice), 401);
    const bad = await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/payment-rails/faster_pay',
      headers: sessions.payments.headers,
      payload: { channel: 'file' },
    });
    expectProblem(bad, 400);
  });
});
