import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { balanceOf, logInDemo, postPayment, type Session, swiftPayee } from './testing/payment-fixtures';

// GET /api/client/payments/fee_preview (docs/payments.md, "Pricing"): the fee and total a payment
// would be created with, from the same pricing, with the balance check creating applies; nothing
// is written and no code is sent.
describe('the fee preview of a payment', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: {
      eur: ['private@demo.test', 'EUR', 100_000],
      bobEur: ['business@demo.test', 'EUR', 100_000],
    },
    sessions: { alice: ['private@demo.test'], bob: ['business@demo.test'] },
  });
  const preview = (session: Session, query: Record<string, string | number>) =>
    test.app.inject({
      method: 'GET',
      url: '/api/client/payments/fee_preview',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: session.headers,
    });
  const sepa = (amount: number) => ({ type: 'sepa', account_id: accounts.eur.id, amount, currency: 'EUR' });
  const created = async (body: Record<string, unknown>) =>
    (await postPayment(test.app, sessions.alice, body)).json().data;
  const counts = async () =>
    (
      await test.db.query<{ payments: number; messages: number }>(
        `SELECT (SELECT count(*)::int FROM payments) AS payments,
                (SELECT count(*)::int FROM outbox_messages) AS messages`,
      )
    )[0];

  it('prices a SEPA payment as creating it does, writing nothing', async () => {
    const before = await counts();
    const { available } = await balanceOf(test.db, accounts.eur);
    const response = await preview(sessions.alice, sepa(10_000));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(await counts()).toEqual(before);
    const payment = await created({
      ...sepa(10_000),
      recipient: { name: 'Anna Schmidt', iban: 'DE89370400440532013000' },
    });
    expect(data).toEqual({
      amount: 10_000,
      currency: 'EUR',
      fee: payment.fee,
      debit_amount: payment.debit_amount,
      debit_currency: 'EUR',
      total: payment.total,
      rate: null,
      market_rate: null,
      available_balance: available,
      sufficient_funds: true,
    });
    expect(data.fee).toBe(500);
    expect(data.total).toBe(10_500);
  });

  it('adds the high-risk surcharge for a high-risk payee or bank country, as the payment does', async () => {
    const bulgarian = { name: 'Ivan Petrov', iban: 'BG80BNBG96611020345678' };
    const toBulgaria = (await preview(sessions.alice, { ...sepa(10_000), payee_country: 'BG' })).json().data;
    expect(toBulgaria.fee).toBe((await created({ ...sepa(10_000), recipient: bulgarian })).fee);
    expect(toBulgaria.fee).toBeGreaterThan(500);

    const swift = { type: 'international', account_id: accounts.eur.id, amount: 10_000, currency: 'USD' };
    const nigerian = swiftPayee({ country: 'NG' });
    const plain = (
      await preview(sessions.alice, { ...swift, payee_country: 'US', bank_country: 'US' })
    ).json().data;
    const risky = (
      await preview(sessions.alice, { ...swift, payee_country: 'NG', bank_country: 'US' })
    ).json().data;
    const payment = await created({ ...swift, recipient: nigerian });
    expect(risky).toMatchObject({
      fee: payment.fee,
      debit_amount: payment.debit_amount,
      total: payment.total,
      rate: payment.rate,
      debit_currency: 'EUR',
    });
    expect(risky.fee).toBeGreaterThan(plain.fee);
    expect(plain.rate).toBe(payment.rate);
  });

  it('says when the amount and the fee are more than the available balance, as creating refuses', async () => {
    const { available } = await balanceOf(test.db, accounts.eur);
    expect((await preview(sessions.alice, sepa(100))).json().data.available_balance).toBe(available);
    const fits = (await preview(sessions.alice, sepa(available - 500))).json().data;
    expect(fits).toMatchObject({ total: available, sufficient_funds: true });
    const over = (await preview(sessions.alice, sepa(available - 499))).json().data;
    expect(over).toMatchObject({
      total: available + 1,
      sufficient_funds: false,
      available_balance: available,
    });
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...sessions.alice.headers, 'idempotency-key': 'preview-over' },
      payload: {
        ...sepa(available - 499),
        recipient: { name: 'Anna Schmidt', iban: 'DE89370400440532013000' },
      },
    });
    expectProblem(refused, 422, 'insufficient_funds');
  });

  it('refuses what creating refuses, another client’s account and malformed input', async () => {
    expectProblem(
      await preview(sessions.alice, { ...sepa(1_000), currency: 'GBP' }),
      422,
      'currency_not_allowed',
    );
    expectProblem(await preview(sessions.bob, sepa(1_000)), 404, 'not_found');
    expect((await preview(sessions.bob, { ...sepa(1_000), account_id: accounts.bobEur.id })).statusCode).toBe(
      200,
    );
    for (const amount of ['0', '-5', '1e3', '10.5', '']) {
      const response = await preview(sessions.alice, { ...sepa(1), amount });
      expectProblem(response, 400, 'validation_failed');
      expect(response.json().errors[0].field).toContain('amount');
    }
    expectProblem(
      await preview(sessions.alice, { ...sepa(1_000), payee_country: 'bg' }),
      400,
      'validation_failed',
    );
    expectProblem(await preview(sessions.alice, { ...sepa(1_000), extra: 'x' }), 400, 'validation_failed');
    const newcomer = await logInDemo(test.app, 'new@demo.test');
    expectProblem(await preview(newcomer, sepa(1_000)), 409, 'client_not_approved');
  });
});
