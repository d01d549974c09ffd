import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { recordOwedFee } from '../accounts';
import {
  checkLedgerInvariants,
  freezeAccount,
  getAccount,
  systemAccountId,
  unfreezeAccount,
} from '../ledger';
import { balanceOf, type DemoAccount, logInDemo } from '../payments/testing/payment-fixtures';
import { confirm, quote, readExchange } from './testing/exchange-fixtures';

// The exchange API end to end on the demo data: quotes, confirmation as one ledger call, and every
// refusal booking nothing (docs/requirements/exchange.md).
describe('currency exchange', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: {
      eur: ['private@demo.test', 'EUR', 10_000_000],
      gbp: ['private@demo.test', 'GBP', 0],
      jpy: ['private@demo.test', 'JPY', 5_000_000],
      kwd: ['private@demo.test', 'KWD', 0],
      usd: ['private@demo.test', 'USD', 10_000],
      bobEur: ['business@demo.test', 'EUR', 10_000],
    },
    sessions: { alice: ['private@demo.test'], bob: ['business@demo.test'] },
    realTimersAfterEach: true,
  });
  afterEach(() => vi.useRealTimers());

  const system = async (currency: string, kind: 'fx_position' | 'fee_income') =>
    (await getAccount(test.db, systemAccountId(currency, kind)))?.balanceMinor ?? 0;
  const pair = (from: DemoAccount, to: DemoAccount) => ({ from_account_id: from.id, to_account_id: to.id });

  it('quotes 100 EUR to GBP with the 1.00% markup inside the amount sold, holding for 30 seconds', async () => {
    const before = Date.now();
    const response = await quote(test.app, sessions.alice, {
      ...pair(accounts.eur, accounts.gbp),
      sell_amount: 10_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ sell_amount: 10_000, sell_currency: 'EUR', buy_currency: 'GBP', fee: 100 });
    expect(data.status).toBe('quoted');
    expect(Number(data.rate)).toBeCloseTo(Number(data.market_rate) * 0.99, 4);
    const holds = Date.parse(data.expires_at) - before;
    expect(holds).toBeGreaterThanOrEqual(29_000);
    expect(holds).toBeLessThanOrEqual(31_000);
  });

  it('books exactly the quoted amounts in one call, once, in both histories, with a notification', async () => {
    const quoted = (
      await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.gbp), sell_amount: 10_000 })
    ).json().data;
    const [eurBefore, gbpBefore] = [
      await balanceOf(test.db, accounts.eur),
      await balanceOf(test.db, accounts.gbp),
    ];
    const [posEur, posGbp, incomeEur] = [
      await system('EUR', 'fx_position'),
      await system('GBP', 'fx_position'),
      await system('EUR', 'fee_income'),
    ];
    const first = await confirm(test.app, sessions.alice, quoted.id, 'exchange-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      id: quoted.id,
      status: 'completed',
      buy_amount: quoted.buy_amount,
    });
    const replay = await confirm(test.app, sessions.alice, quoted.id, 'exchange-once');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expectProblem(
      await confirm(test.app, sessions.alice, quoted.id, 'exchange-again'),
      409,
      'exchange_already_confirmed',
    );

    expect((await balanceOf(test.db, accounts.eur)).balance).toBe(eurBefore.balance - 10_000);
    expect((await balanceOf(test.db, accounts.gbp)).balance).toBe(gbpBefore.balance + quoted.buy_amount);
    expect(await system('EUR', 'fx_position')).toBe(posEur + 10_000 - quoted.fee);
    expect(await system('EUR', 'fee_income')).toBe(incomeEur + quoted.fee);
    expect(await system('GBP', 'fx_position')).toBe(posGbp - quoted.buy_amount);

    for (const account of [accounts.eur, accounts.gbp]) {
      const details = await test.app.inject({
        method: 'GET',
        url: `/api/client/accounts/${account.id}`,
        headers: sessions.alice.headers,
      });
      const lines = details
        .json()
        .data.transactions.data.filter((line: { reference_id: string }) => line.reference_id === quoted.id);
      expect(lines.length).toBeGreaterThan(0);
    }
    const notes = await test.app.inject({
      method: 'GET',
      url: '/api/client/notifications',
      headers: sessions.alice.headers,
    });
    expect(
      notes
        .json()
        .data.some(
          (note: { kind: string; params: { exchange_id?: string } }) =>
            note.kind === 'exchange_completed' && note.params.exchange_id === quoted.id,
        ),
    ).toBe(true);
  });

  // Decision 0045: the markup rounds up (never below the tariff) and the amount bought down.
  it('takes the tariff markup to the minor unit for 0, 2 and 3 decimals (JPY, EUR, KWD)', async () => {
    const cases = [
      [accounts.eur, accounts.jpy, 12_345],
      [accounts.jpy, accounts.kwd, 1_234_567],
      [accounts.eur, accounts.kwd, 99_999],
    ] as const;
    for (const [from, to, amount] of cases) {
      for (const side of ['sell_amount', 'buy_amount'] as const) {
        const response = await quote(test.app, sessions.alice, { ...pair(from, to), [side]: amount });
        expect(response.statusCode, response.body).toBe(201);
        const data = response.json().data;
        const tariff = data.sell_amount / 100;
        expect(data.fee).toBeGreaterThanOrEqual(tariff);
        expect(data.fee).toBeLessThan(tariff + 1);
        const sellBefore = (await balanceOf(test.db, from)).balance;
        const buyBefore = (await balanceOf(test.db, to)).balance;
        expect((await confirm(test.app, sessions.alice, data.id)).statusCode).toBe(200);
        expect((await balanceOf(test.db, from)).balance).toBe(sellBefore - data.sell_amount);
        expect((await balanceOf(test.db, to)).balance).toBe(buyBefore + data.buy_amount);
      }
    }
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('books two concurrent confirms of one quote once', async () => {
    const quoted = (
      await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.gbp), sell_amount: 5_000 })
    ).json().data;
    const before = (await balanceOf(test.db, accounts.eur)).balance;
    const answers = await Promise.all([
      confirm(test.app, sessions.alice, quoted.id, 'race-1'),
      confirm(test.app, sessions.alice, quoted.id, 'race-2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await balanceOf(test.db, accounts.eur)).balance).toBe(before - 5_000);
  });

  it("keeps client A's quote from client B: not readable, not confirmable", async () => {
    const quoted = (
      await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.gbp), sell_amount: 1_000 })
    ).json().data;
    expectProblem(await readExchange(test.app, sessions.bob, quoted.id), 404);
    expectProblem(await confirm(test.app, sessions.bob, quoted.id), 404);
    expect((await readExchange(test.app, sessions.alice, quoted.id)).json().data.status).toBe('quoted');
    expectProblem(
      await quote(test.app, sessions.bob, { ...pair(accounts.bobEur, accounts.gbp), sell_amount: 1_000 }),
      404,
    );
  });

  it('refuses an expired quote and books nothing; a new quote works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const quoted = (
      await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.gbp), sell_amount: 2_000 })
    ).json().data;
    const before = (await balanceOf(test.db, accounts.eur)).balance;
    vi.setSystemTime(Date.now() + 30_001);
    expect((await readExchange(test.app, sessions.alice, quoted.id)).json().data.status).toBe('expired');
    expectProblem(await confirm(test.app, sessions.alice, quoted.id), 409, 'quote_expired');
    expect((await balanceOf(test.db, accounts.eur)).balance).toBe(before);
    const fresh = (
      await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.gbp), sell_amount: 2_000 })
    ).json().data;
    expect((await confirm(test.app, sessions.alice, fresh.id)).statusCode).toBe(200);
  });

  it('refuses too little money and a frozen account, booking nothing', async () => {
    // Both quotes fit the balance when asked for; once one is booked the other no longer does.
    const first = (
      await quote(test.app, sessions.alice, { ...pair(accounts.usd, accounts.eur), sell_amount: 8_000 })
    ).json().data;
    const second = (
      await quote(test.app, sessions.alice, { ...pair(accounts.usd, accounts.eur), sell_amount: 6_000 })
    ).json().data;
    expect((await confirm(test.app, sessions.alice, second.id)).statusCode).toBe(200);
    const usd = (await balanceOf(test.db, accounts.usd)).balance;
    expectProblem(await confirm(test.app, sessions.alice, first.id), 422, 'insufficient_funds');
    expect((await readExchange(test.app, sessions.alice, first.id)).json().data.status).toBe('quoted');
    expect((await balanceOf(test.db, accounts.usd)).balance).toBe(usd);

    for (const frozen of [accounts.eur, accounts.kwd]) {
      const quoted = (
        await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.kwd), sell_amount: 1_000 })
      ).json().data;
      const freeze = { accountId: frozen.ledgerAccountId, reason: 'test', actor: 'test' };
      expect((await freezeAccount(test.db, freeze)).ok).toBe(true);
      const before = (await balanceOf(test.db, accounts.eur)).balance;
      expectProblem(await confirm(test.app, sessions.alice, quoted.id), 409, 'account_frozen');
      expect((await balanceOf(test.db, accounts.eur)).balance).toBe(before);
      await unfreezeAccount(test.db, freeze);
    }
  });

  it('refuses a client whose application is not approved', async () => {
    const newcomer = await logInDemo(test.app, 'new@demo.test');
    expectProblem(
      await quote(test.app, newcomer, { ...pair(accounts.eur, accounts.gbp), sell_amount: 1_000 }),
      409,
      'client_not_approved',
    );
  });

  it('refuses a rate from a feed older than the configured age', async () => {
    await test.db.query(
      `UPDATE fx_rates SET source = 'http', updated_at = now() - interval '5 days' WHERE currency = 'KWD'`,
    );
    try {
      expectProblem(
        await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.kwd), sell_amount: 1_000 }),
        422,
        'fx_rate_stale',
      );
    } finally {
      await test.db.query(
        `UPDATE fx_rates SET source = 'reference', updated_at = now() WHERE currency = 'KWD'`,
      );
    }
  });

  it('gives a client the market rates now, each with its day, and a pair’s 30 days of history', async () => {
    const read = (url: string) => test.app.inject({ method: 'GET', url, headers: sessions.alice.headers });
    const [stored] = await test.db.query<{ rate_per_eur: string; as_of: string }>(
      `SELECT rate_per_eur, as_of::text FROM fx_rates WHERE currency = 'GBP'`,
    );
    const rates = await read('/api/client/exchange-rates');
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json().data).toContainEqual(
      expect.objectContaining({ currency: 'GBP', rate_per_eur: stored?.rate_per_eur, as_of: stored?.as_of }),
    );
    const history = await read('/api/client/exchange-rates/history?from=EUR&to=GBP&days=30');
    expect(history.json().data, 'seeded with the 30 days before its first day').toHaveLength(30);
  });

  it('quotes on the demo’s own rates however long ago they were recorded: they never age', async () => {
    await test.db.query(`UPDATE fx_rates SET updated_at = now() - interval '10 days' WHERE currency = 'GBP'`);
    try {
      const response = await quote(test.app, sessions.alice, {
        ...pair(accounts.eur, accounts.gbp),
        sell_amount: 1_000,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.rate_source).toBe('reference');
    } finally {
      await test.db.query(`UPDATE fx_rates SET updated_at = now() WHERE currency = 'GBP'`);
    }
  });

  it('takes a fee the client owes in the bought currency as soon as the exchange covers it', async () => {
    const [alice] = await test.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE email = 'private@demo.test'",
    );
    if (!alice) throw new Error('no demo client');
    const feeId = await withTransaction(test.db, (tx) =>
      recordOwedFee(tx, {
        clientId: alice.id,
        kind: 'monthly',
        amountMinor: 500,
        currency: 'GBP',
        region: 'UK',
        period: '2026-01',
      }),
    );
    const owed = async () =>
      (
        await test.app.inject({ method: 'GET', url: '/api/client/data', headers: sessions.alice.headers })
      ).json().data.owed_fees as { id: string }[];
    expect((await owed()).map((fee) => fee.id)).toContain(feeId);
    const gbpBefore = (await balanceOf(test.db, accounts.gbp)).balance;
    const quoted = (
      await quote(test.app, sessions.alice, { ...pair(accounts.eur, accounts.gbp), sell_amount: 10_000 })
    ).json().data;
    expect((await confirm(test.app, sessions.alice, quoted.id, 'exchange-pays-fee')).statusCode).toBe(200);
    expect((await owed()).map((fee) => fee.id)).not.toContain(feeId);
    expect((await balanceOf(test.db, accounts.gbp)).balance).toBe(gbpBefore + quoted.buy_amount - 500);
    const [fee] = await test.db.query<{ status: string }>('SELECT status FROM client_fees WHERE id = $1', [
      feeId,
    ]);
    expect(fee?.status).toBe('charged');
  });

  it('leaves every currency balanced (the ledger checker passes)', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
