import { brand } from '@bluepeak/core';
import { outgoingPaymentFee } from '@bluepeak/core/fees';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger';
import { balanceOf, latestCode } from './testing/payment-fixtures';
import { ALICE, newKey, sepaPayee, usePaymentsApi } from './testing/payments-api-context';

// The API of a client's payments: a SEPA payment from fee to settlement, idempotency, dynamic
// linking, cancelling and listing, two payments racing for one balance, and the ledger's
// invariants afterwards. The other payment types, recipients, bad input and the operators' side
// have files of their own (client-payment-*.test.ts).
// The requirements: docs/requirements/payments.md.
const { test, accounts, sessions, confirm, getPayment, pay, runSimulator } = usePaymentsApi();

describe('payments', () => {
  it('pays 100 EUR by SEPA: fee from the tariff, code, hold, settle', async () => {
    const before = await balanceOf(test.db, accounts.aliceEur);
    const key = newKey();
    const body = {
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount: 10_000,
      currency: 'EUR',
      recipient: sepaPayee(),
    };
    const created = await pay(sessions.alice, body, key);
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data;
    const fee = outgoingPaymentFee(brand.tariff, {
      type: 'sepa',
      amountInTariffCurrency: 10_000,
      highRisk: false,
    });
    expect(payment).toMatchObject({ status: 'awaiting_confirmation', amount: 10_000, currency: 'EUR' });
    expect(payment.fee).toBe(fee.total);
    expect(payment.total).toBe(10_000 + fee.total);

    // The same key and body: the first answer again, and still one payment.
    const replay = await pay(sessions.alice, body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(created.json());
    // The same key with another amount: 422, nothing stored.
    expectProblem(await pay(sessions.alice, { ...body, amount: 20_000 }, key), 422, 'idempotency_key_reused');

    // Another client can neither see nor confirm nor cancel it.
    expectProblem(await getPayment(sessions.bob, payment.id), 404);
    expectProblem(await confirm(sessions.bob, payment.id, '123456'), 404);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/client/payments/${payment.id}/cancel`,
        headers: sessions.bob.headers,
      }),
      404,
    );

    const code = await latestCode(test.app, ALICE);
    const confirmed = await confirm(sessions.alice, payment.id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('processing');
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual({
      balance: before.balance,
      available: before.available - payment.total,
    });
    // The code is single use: a retry with it gets the first answer, no second hold.
    const retried = await confirm(sessions.alice, payment.id, code);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(confirmed.json());
    expect((await balanceOf(test.db, accounts.aliceEur)).available).toBe(before.available - payment.total);
    expectProblem(await confirm(sessions.alice, payment.id, code === '000000' ? '111111' : '000000'), 409);

    await runSimulator();
    const done = (await getPayment(sessions.alice, payment.id)).json().data;
    expect(done.status).toBe('completed');
    expect(done.history.map((event: { status: string }) => event.status)).toEqual([
      'created',
      'awaiting_confirmation',
      'processing',
      'completed',
    ]);
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual({
      balance: before.balance - payment.total,
      available: before.available - payment.total,
    });
    const pdf = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${payment.id}/confirmation.pdf`,
      headers: sessions.alice.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: `/api/client/payments/${payment.id}/confirmation.pdf`,
        headers: sessions.bob.headers,
      }),
      404,
    );
  });

  it('runs parallel calls with one key exactly once', async () => {
    const key = newKey();
    const body = {
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount: 900,
      currency: 'EUR',
      recipient: sepaPayee(),
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(sessions.alice, body, key)));
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const [count] = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE amount_minor = 900 AND client_id = (SELECT id FROM clients WHERE email = $1)`,
      [ALICE],
    );
    expect(count?.n).toBe(1);
    // Another client reusing the key runs their own request (here refused for its amount),
    // never a replay of Alice's answer.
    const bobs = await pay(
      sessions.bob,
      { ...body, account_id: accounts.bobEur.id, amount: 1_000_000_000 },
      key,
    );
    expectProblem(bobs, 422, 'insufficient_funds');
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a code issued for another amount or payee', async () => {
    const first = (
      await pay(sessions.alice, {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 1_000,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    const firstCode = await latestCode(test.app, ALICE);
    const second = (
      await pay(sessions.alice, {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 2_000,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    expectProblem(await confirm(sessions.alice, second.id, firstCode), 422, 'sca_code_invalid');
    // Tampering with the stored amount after the code was issued invalidates it too.
    await test.db.query('UPDATE payments SET amount_minor = 1500 WHERE id = $1', [first.id]);
    expectProblem(await confirm(sessions.alice, first.id, firstCode), 422, 'sca_code_invalid');
  });

  it('blocks a payment code after five wrong tries', async () => {
    const payment = (
      await pay(sessions.alice, {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 700,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    const code = await latestCode(test.app, ALICE);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 1; attempt <= 4; attempt++)
      expectProblem(await confirm(sessions.alice, payment.id, wrong), 422);
    expectProblem(await confirm(sessions.alice, payment.id, wrong), 423);
    expectProblem(await confirm(sessions.alice, payment.id, code), 423);
  });

  it('cancels a payment that has not left, and lists with filters', async () => {
    const created = (
      await pay(sessions.alice, {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 300,
        currency: 'EUR',
        recipient: sepaPayee('Cancel Test'),
        description: 'cancel me',
      })
    ).json().data;
    const cancelled = await test.app.inject({
      method: 'POST',
      url: `/api/client/payments/${created.id}/cancel`,
      headers: sessions.alice.headers,
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await test.app.inject({
      method: 'POST',
      url: `/api/client/payments/${created.id}/cancel`,
      headers: sessions.alice.headers,
    });
    expectProblem(again, 409, 'payment_not_cancellable');

    const filtered = await test.app.inject({
      method: 'GET',
      url: '/api/client/payments?status=cancelled&q=cancel&limit=5',
      headers: sessions.alice.headers,
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(filtered.json().meta).toMatchObject({ page: 1, limit: 5, total: 1, total_pages: 1 });
    const bobs = await test.app.inject({
      method: 'GET',
      url: '/api/client/payments?q=cancel',
      headers: sessions.bob.headers,
    });
    expect(bobs.json().meta.total).toBe(0);
    for (const query of [
      'limit=100000',
      'page=-1',
      'status=done',
      'sort=amount',
      'status=completed&status=cancelled',
      'date_from=2025-02-30',
      'date_from=2025-03-02&date_to=2025-03-01',
    ]) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/client/payments?${query}`,
        headers: sessions.alice.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('accepts exactly one of two payments that together exceed the balance', async () => {
    const { available } = await balanceOf(test.db, accounts.aliceEur);
    const amount = Math.floor((available * 0.6) / 100) * 100;
    const ids: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await pay(sessions.alice, {
        type: 'internal',
        account_id: accounts.aliceEur.id,
        amount,
        currency: 'EUR',
        recipient: { name: 'Northwind', account_number: accounts.bobEur.accountNumber },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().data.id);
      codes.push(await latestCode(test.app, ALICE));
    }
    const results = await Promise.all(ids.map((id, i) => confirm(sessions.alice, id, codes[i] ?? '')));
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 422]);
    expect((await balanceOf(test.db, accounts.aliceEur)).balance).toBe(available - amount);
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
