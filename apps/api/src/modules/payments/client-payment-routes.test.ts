import { brand } from '@bluepeak/core';
import { convertReceived, outgoingPaymentFee, parseExchangeRate } from '@bluepeak/core/fees';
import { fxReferenceRates } from '@bluepeak/core/payments';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger/index';
import { balanceOf, latestCode } from './testing/payment-fixtures';
import {
  ALICE,
  alice,
  aliceEur,
  aliceGbp,
  BOB,
  bob,
  bobEur,
  confirm,
  getPayment,
  newKey,
  pay,
  runSimulator,
  sepaPayee,
  setUpPaymentsApi,
  test,
} from './testing/payments-api-context';

// docs/requirements/payments.md's API tests: the four payment types, fees equal to the tariff functions,
// idempotency, dynamic linking, object-level authorisation, the simulator's settle, reject and
// return, and the ledger's invariants afterwards. Recipients, bad input and the operators' side
// have files of their own (client-payments-*.test.ts).
setUpPaymentsApi();

describe('payments', () => {
  it('pays 100 EUR by SEPA: fee from the tariff, code, hold, settle', async () => {
    const before = await balanceOf(test.db, aliceEur);
    const key = newKey();
    const body = {
      type: 'sepa',
      account_id: aliceEur.id,
      amount: 10_000,
      currency: 'EUR',
      recipient: sepaPayee(),
    };
    const created = await pay(alice, body, key);
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
    const replay = await pay(alice, body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(created.json());
    // The same key with another amount: 422, nothing stored.
    expectProblem(await pay(alice, { ...body, amount: 20_000 }, key), 422, 'idempotency_key_reused');

    // Another client can neither see nor confirm nor cancel it.
    expectProblem(await getPayment(bob, payment.id), 404);
    expectProblem(await confirm(bob, payment.id, '123456'), 404);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/client/payments/${payment.id}/cancel`,
        headers: bob.headers,
      }),
      404,
    );

    const code = await latestCode(test.app, ALICE);
    const confirmed = await confirm(alice, payment.id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('processing');
    expect(await balanceOf(test.db, aliceEur)).toEqual({
      balance: before.balance,
      available: before.available - payment.total,
    });
    // The code is single use: a retry with it gets the first answer, no second hold.
    const retried = await confirm(alice, payment.id, code);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(confirmed.json());
    expect((await balanceOf(test.db, aliceEur)).available).toBe(before.available - payment.total);
    expectProblem(await confirm(alice, payment.id, code === '000000' ? '111111' : '000000'), 409);

    await runSimulator();
    const done = (await getPayment(alice, payment.id)).json().data;
    expect(done.status).toBe('completed');
    expect(done.history.map((event: { status: string }) => event.status)).toEqual([
      'created',
      'awaiting_confirmation',
      'processing',
      'completed',
    ]);
    expect(await balanceOf(test.db, aliceEur)).toEqual({
      balance: before.balance - payment.total,
      available: before.available - payment.total,
    });
    const pdf = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${payment.id}/confirmation.pdf`,
      headers: alice.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: `/api/client/payments/${payment.id}/confirmation.pdf`,
        headers: bob.headers,
      }),
      404,
    );
  });

  it('runs parallel calls with one key exactly once', async () => {
    const key = newKey();
    const body = {
      type: 'sepa',
      account_id: aliceEur.id,
      amount: 900,
      currency: 'EUR',
      recipient: sepaPayee(),
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(alice, body, key)));
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
    const bobs = await pay(bob, { ...body, account_id: bobEur.id, amount: 1_000_000_000_000 }, key);
    expectProblem(bobs, 422, 'insufficient_funds');
    expect(bobs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a code issued for another amount or payee', async () => {
    const first = (
      await pay(alice, {
        type: 'sepa',
        account_id: aliceEur.id,
        amount: 1_000,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    const firstCode = await latestCode(test.app, ALICE);
    const second = (
      await pay(alice, {
        type: 'sepa',
        account_id: aliceEur.id,
        amount: 2_000,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    expectProblem(await confirm(alice, second.id, firstCode), 422, 'sca_code_invalid');
    // Tampering with the stored amount after the code was issued invalidates it too.
    await test.db.query('UPDATE payments SET amount_minor = 1500 WHERE id = $1', [first.id]);
    expectProblem(await confirm(alice, first.id, firstCode), 422, 'sca_code_invalid');
  });

  it('blocks a payment code after five wrong tries', async () => {
    const payment = (
      await pay(alice, {
        type: 'sepa',
        account_id: aliceEur.id,
        amount: 700,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    const code = await latestCode(test.app, ALICE);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 1; attempt <= 4; attempt++)
      expectProblem(await confirm(alice, payment.id, wrong), 422);
    expectProblem(await confirm(alice, payment.id, wrong), 423);
    expectProblem(await confirm(alice, payment.id, code), 423);
  });

  it('pays another client internally: both balances change at once', async () => {
    const aliceBefore = await balanceOf(test.db, aliceEur);
    const bobBefore = await balanceOf(test.db, bobEur);
    const created = await pay(alice, {
      type: 'internal',
      account_id: aliceEur.id,
      amount: 2_500,
      currency: 'EUR',
      recipient: { name: 'Northwind Trading Ltd', account_number: bobEur.iban },
      description: 'Invoice 42',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.fee).toBe(0);
    const confirmed = await confirm(alice, created.json().data.id, await latestCode(test.app, ALICE));
    expect(confirmed.json().data.status).toBe('completed');
    expect((await balanceOf(test.db, aliceEur)).balance).toBe(aliceBefore.balance - 2_500);
    expect((await balanceOf(test.db, bobEur)).balance).toBe(bobBefore.balance + 2_500);
    const notices = await test.db.query<{ kind: string }>(
      `SELECT kind FROM client_notifications n JOIN clients c ON c.id = n.client_id WHERE c.email = $1 AND kind = 'payment_status_changed'`,
      [ALICE],
    );
    expect(notices.length).toBeGreaterThan(0);
    const incoming = await test.db.query<{ body: string }>(
      `SELECT body FROM client_notifications n JOIN clients c ON c.id = n.client_id WHERE c.email = $1 AND kind = 'incoming_payment'`,
      [BOB],
    );
    expect(incoming.map((row) => row.body)).toContain('You received 25.00 EUR from Alex Morgan.');
    // Bob was told (notification) and Alice's own account is refused as payee.
    const self = await pay(alice, {
      type: 'internal',
      account_id: aliceEur.id,
      amount: 100,
      currency: 'EUR',
      recipient: { name: 'Me', account_number: aliceEur.accountNumber },
    });
    expectProblem(self, 422, 'accounts_must_be_different');
  });

  it('pays by SWIFT in USD from the EUR account at market + 1% with the tariff fee', async () => {
    const created = await pay(alice, {
      type: 'international',
      account_id: aliceEur.id,
      amount: 5_000,
      currency: 'USD',
      recipient: {
        name: 'John Smith',
        address: '1 Main Street, New York',
        country: 'US',
        account_number: '123456789',
        bank_name: 'Chase',
        swift: 'CHASUS33',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data;
    const usdToEur = parseExchangeRate('USD', 'EUR', '1');
    usdToEur.numerator = 1n;
    // 5,000 USD minor at the reference rate per EUR, then the tariff: 0.2%, minimum 75 EUR.
    const perUsd = parseExchangeRate('EUR', 'USD', fxReferenceRates.USD ?? '');
    const inEur = convertReceived(5_000, {
      base: 'USD',
      quote: 'EUR',
      numerator: perUsd.denominator,
      denominator: perUsd.numerator,
    });
    const fee = outgoingPaymentFee(brand.tariff, {
      type: 'international',
      amountInTariffCurrency: inEur,
      highRisk: false,
    });
    expect(payment.fee).toBe(fee.total);
    expect(payment.rate).not.toBeNull();
    expect(payment.debit_currency).toBe('EUR');
    // Market 1/1.17 EUR per USD, client rate 1% worse: 50.00 USD costs more than 42.74 EUR.
    expect(payment.debit_amount).toBeGreaterThan(Math.ceil((5_000 * 100) / 117));
    expect(Number(payment.rate)).toBeCloseTo(1.17 * 0.99, 6);
    expect(payment.total).toBe(payment.debit_amount + payment.fee);
  });

  it('returns a Faster Payment and gives the money back', async () => {
    const before = await balanceOf(test.db, aliceGbp);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments/faster_pay',
      headers: { ...alice.headers, 'idempotency-key': newKey() },
      payload: {
        account_id: aliceGbp.id,
        amount: 1_234,
        currency: 'GBP',
        recipient: { name: 'Please RETURN me', sort_code: '20-00-00', account_number: '55779911' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    await confirm(alice, id, await latestCode(test.app, ALICE));
    expect((await balanceOf(test.db, aliceGbp)).available).toBe(before.available - 1_234);
    await runSimulator();
    const returned = (await getPayment(alice, id)).json().data;
    expect(returned.status).toBe('returned');
    expect(await balanceOf(test.db, aliceGbp)).toEqual(before);
  });

  it('cancels a payment that has not left, and lists with filters', async () => {
    const created = (
      await pay(alice, {
        type: 'sepa',
        account_id: aliceEur.id,
        amount: 300,
        currency: 'EUR',
        recipient: sepaPayee('Cancel Test'),
        description: 'cancel me',
      })
    ).json().data;
    const cancelled = await test.app.inject({
      method: 'POST',
      url: `/api/client/payments/${created.id}/cancel`,
      headers: alice.headers,
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await test.app.inject({
      method: 'POST',
      url: `/api/client/payments/${created.id}/cancel`,
      headers: alice.headers,
    });
    expectProblem(again, 409, 'payment_not_cancellable');

    const filtered = await test.app.inject({
      method: 'GET',
      url: '/api/client/payments?status=cancelled&q=cancel&limit=5',
      headers: alice.headers,
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(filtered.json().meta).toMatchObject({ page: 1, limit: 5, total: 1, total_pages: 1 });
    const bobs = await test.app.inject({ method: 'GET', url: '/api/client/payments', headers: bob.headers });
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
        headers: alice.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('accepts exactly one of two payments that together exceed the balance', async () => {
    const { available } = await balanceOf(test.db, aliceEur);
    const amount = Math.floor((available * 0.6) / 100) * 100;
    const ids: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await pay(alice, {
        type: 'internal',
        account_id: aliceEur.id,
        amount,
        currency: 'EUR',
        recipient: { name: 'Northwind', account_number: bobEur.accountNumber },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().data.id);
      codes.push(await latestCode(test.app, ALICE));
    }
    const results = await Promise.all(ids.map((id, i) => confirm(alice, id, codes[i] ?? '')));
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 422]);
    expect((await balanceOf(test.db, aliceEur)).balance).toBe(available - amount);
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
