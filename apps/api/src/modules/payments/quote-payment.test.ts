import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { type Session, swiftPayee } from './testing/payment-fixtures';

// A payment's amount within its currency's maximum, before and after its conversion
// (docs/decisions/0045): 10,000,000.00 EUR or its equivalent, refused with a 422 that names the
// amount, never a 500 however large the amount or the rate.
describe('payment amounts within their currency maximum', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { eur: ['private@demo.test', 'EUR', 100_000], jpy: ['private@demo.test', 'JPY', 100_000] },
    sessions: { alice: ['private@demo.test'] },
  });
  let keys = 0;
  const pay = (session: Session, accountId: string, amount: number, currency: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...session.headers, 'idempotency-key': `max-${++keys}` },
      payload: { type: 'international', account_id: accountId, amount, currency, recipient: swiftPayee() },
    });
  const refusedAmount = (response: Awaited<ReturnType<typeof pay>>) => {
    expectProblem(response, 422, 'amount_exceeds_safe_range');
    expect(response.json().errors?.[0]?.field).toBe('amount');
  };

  it('takes the maximum in the account’s own currency and refuses one minor unit more or 2^53 - 2', async () => {
    expectProblem(
      await pay(sessions.alice, accounts.eur.id, 1_000_000_000, 'EUR'),
      422,
      'insufficient_funds',
    );
    const past = await pay(sessions.alice, accounts.eur.id, 1_000_000_001, 'EUR');
    refusedAmount(past);
    expect(past.json().detail).toContain('10 000 000.00 EUR');
    refusedAmount(await pay(sessions.alice, accounts.eur.id, 2 ** 53 - 2, 'EUR'));
  });

  it('refuses a converted amount past the account currency’s maximum, from JPY and from EUR', async () => {
    // 10,000,000.00 EUR costs more than the JPY maximum at market + 1%.
    const converted = await pay(sessions.alice, accounts.jpy.id, 1_000_000_000, 'EUR');
    refusedAmount(converted);
    expect(converted.json().detail).toContain('JPY');
    refusedAmount(await pay(sessions.alice, accounts.jpy.id, 1_000_000_001, 'EUR'));
    refusedAmount(await pay(sessions.alice, accounts.jpy.id, 2 ** 53 - 2, 'EUR'));
    refusedAmount(await pay(sessions.alice, accounts.eur.id, 2 ** 53 - 2, 'KWD'));
    refusedAmount(await pay(sessions.alice, accounts.eur.id, 2 ** 53 - 2, 'JPY'));
    // The JPY maximum costs more than the EUR maximum at market + 1%.
    refusedAmount(await pay(sessions.alice, accounts.eur.id, 1_690_000_000, 'JPY'));
    expect((await pay(sessions.alice, accounts.eur.id, 10_000, 'JPY')).statusCode).toBe(201);
  });

  it('refuses a small amount that an extreme rate converts past the maximum', async () => {
    await test.db.query(`UPDATE fx_rates SET rate_per_eur = '999999999999' WHERE currency = 'JPY'`);
    try {
      refusedAmount(await pay(sessions.alice, accounts.jpy.id, 100_000, 'EUR'));
    } finally {
      await test.db.query(`UPDATE fx_rates SET rate_per_eur = '169.0' WHERE currency = 'JPY'`);
    }
  });
});
