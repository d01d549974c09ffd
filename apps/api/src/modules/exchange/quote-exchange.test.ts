import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { balanceOf, type DemoAccount } from '../payments/testing/payment-fixtures';
import { confirm, quote } from './testing/exchange-fixtures';

// The bounds of an exchange (docs/decisions/0045): at least 1.00 EUR or its equivalent sold, at
// most 10,000,000.00 EUR or its equivalent on either side, no more than the sell account has
// available, rounding that never pays the client for a round trip, and every refusal a 4xx naming
// the amount typed.
describe('exchange amounts and rounding', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: {
      // Enough to pay for the largest exchange: a quote is refused past the available balance.
      eur: ['private@demo.test', 'EUR', 1_000_100_000],
      jpy: ['private@demo.test', 'JPY', 0],
      kwd: ['private@demo.test', 'KWD', 0],
      usd: ['private@demo.test', 'USD', 10_000],
    },
    sessions: { alice: ['private@demo.test'] },
  });
  const pair = (from: DemoAccount, to: DemoAccount) => ({ from_account_id: from.id, to_account_id: to.id });
  const fieldOf = (body: string) => JSON.parse(body).errors?.[0]?.field;

  it('refuses less than 1.00 EUR or its equivalent, stating the minimum and naming the field', async () => {
    const cent = await quote(test.app, sessions.alice, {
      ...pair(accounts.eur, accounts.jpy),
      sell_amount: 1,
    });
    expectProblem(cent, 422, 'exchange_amount_too_small');
    expect(fieldOf(cent.body)).toBe('sell_amount');
    expect(cent.json().detail).toContain('1.00 EUR');
    const yen = await quote(test.app, sessions.alice, { ...pair(accounts.jpy, accounts.eur), buy_amount: 2 });
    expectProblem(yen, 422, 'exchange_amount_too_small');
    expect(fieldOf(yen.body)).toBe('buy_amount');
    expect(yen.json().detail).toContain('169 JPY');
    const least = await quote(test.app, sessions.alice, {
      ...pair(accounts.eur, accounts.jpy),
      sell_amount: 100,
    });
    expect(least.statusCode, least.body).toBe(201);
  });

  it('gives back less than was sold when selling and buying back, and charges at least one minor unit', async () => {
    const before = (await balanceOf(test.db, accounts.eur)).balance;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const there = await quote(test.app, sessions.alice, {
        ...pair(accounts.eur, accounts.jpy),
        sell_amount: 200,
      });
      expect(there.json().data.fee).toBeGreaterThanOrEqual(2);
      expect((await confirm(test.app, sessions.alice, there.json().data.id)).statusCode).toBe(200);
      const yen = (await balanceOf(test.db, accounts.jpy)).balance;
      const back = await quote(test.app, sessions.alice, {
        ...pair(accounts.jpy, accounts.eur),
        sell_amount: yen,
      });
      expect(back.statusCode, back.body).toBe(201);
      expect(back.json().data.fee).toBeGreaterThanOrEqual(1);
      expect((await confirm(test.app, sessions.alice, back.json().data.id)).statusCode).toBe(200);
    }
    expect((await balanceOf(test.db, accounts.jpy)).balance).toBe(0);
    expect((await balanceOf(test.db, accounts.eur)).balance).toBeLessThan(before - 3 * 4);
  });

  it('quotes the maximum, and refuses past it, at 2^53 - 2 and past the other currency’s maximum: never a 500', async () => {
    const eurToKwd = pair(accounts.eur, accounts.kwd);
    const most = await quote(test.app, sessions.alice, { ...eurToKwd, sell_amount: 1_000_000_000 });
    expect(most.statusCode, most.body).toBe(201);
    const past = await quote(test.app, sessions.alice, { ...eurToKwd, sell_amount: 1_000_000_001 });
    expectProblem(past, 422, 'amount_exceeds_safe_range');
    expect(fieldOf(past.body)).toBe('sell_amount');
    expect(past.json().detail).toContain('10 000 000.00 EUR');
    const kwdMost = await quote(test.app, sessions.alice, { ...eurToKwd, buy_amount: 3_580_000_001 });
    expectProblem(kwdMost, 422, 'amount_exceeds_safe_range');
    expect(fieldOf(kwdMost.body)).toBe('buy_amount');
    for (const [from, to] of [
      [accounts.eur, accounts.jpy],
      [accounts.jpy, accounts.kwd],
      [accounts.kwd, accounts.eur],
    ] as const) {
      for (const side of ['sell_amount', 'buy_amount'] as const) {
        const huge = await quote(test.app, sessions.alice, { ...pair(from, to), [side]: 2 ** 53 - 2 });
        expectProblem(huge, 400, 'validation_failed');
        expect(fieldOf(huge.body)).toBe(`body.${side}`);
      }
    }
  });

  it('refuses an amount within its own maximum that buys past the other currency’s maximum', async () => {
    await test.db.query(`UPDATE fx_rates SET rate_per_eur = '999999999' WHERE currency = 'JPY'`);
    try {
      const response = await quote(test.app, sessions.alice, {
        ...pair(accounts.eur, accounts.jpy),
        sell_amount: 1_000_000_000,
      });
      expectProblem(response, 422, 'amount_exceeds_safe_range');
      expect(fieldOf(response.body)).toBe('sell_amount');
      expect(response.json().detail).toContain('JPY');
    } finally {
      await test.db.query(`UPDATE fx_rates SET rate_per_eur = '169.0' WHERE currency = 'JPY'`);
    }
  });

  it('refuses a quote the sell account cannot pay for, in the catalogue shape, storing nothing', async () => {
    const count = async () =>
      (await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM fx_exchanges'))[0]?.n;
    const before = await count();
    const sell = await quote(test.app, sessions.alice, {
      ...pair(accounts.usd, accounts.eur),
      sell_amount: 10_001,
    });
    expectProblem(sell, 422, 'insufficient_funds');
    expect(sell.headers['content-type']).toContain('application/problem+json');
    expect(sell.json()).toMatchObject({
      status: 422,
      errors: [{ field: 'sell_amount', code: 'insufficient_funds' }],
    });
    expect(sell.json().detail).toContain('100.00 USD available');
    // Buying 100.00 EUR costs more than 100.00 USD: refused on the amount typed, the buy side.
    const buy = await quote(test.app, sessions.alice, {
      ...pair(accounts.usd, accounts.eur),
      buy_amount: 10_000,
    });
    expectProblem(buy, 422, 'insufficient_funds');
    expect(buy.json().errors[0].field).toBe('buy_amount');
    expect(await count()).toBe(before);
    const all = await quote(test.app, sessions.alice, {
      ...pair(accounts.usd, accounts.eur),
      sell_amount: 10_000,
    });
    expect(all.statusCode, all.body).toBe(201);
  });
});
