import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

// A payment through an outside rail to one of the payer's own accounts is refused with a
// pointer to an internal payment; another client's account stays a normal payee.
describe('payments to your own account through an outside rail', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: {
      aliceEur: ['private@demo.test', 'EUR', 100_000],
      aliceGbp: ['private@demo.test', 'GBP', 100_000],
      bobEur: ['business@demo.test', 'EUR', 0],
    },
    sessions: { alice: ['private@demo.test'] },
  });
  let sortCode: string;
  let key = 0;
  beforeAll(async () => {
    const [group] = await test.db.query<{ sort_code: string }>(
      'SELECT sort_code FROM account_groups WHERE iban = $1',
      [accounts.aliceEur.iban],
    );
    sortCode = group?.sort_code ?? '';
  });

  const pay = (payload: object) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...sessions.alice.headers, 'idempotency-key': `own-account-${++key}` },
      payload,
    });
  const sepa = (iban: string) => ({
    type: 'sepa',
    account_id: accounts.aliceEur.id,
    amount: 100,
    currency: 'EUR',
    recipient: { name: 'Alex Morgan', iban, bic: 'COBADEFFXXX' },
  });

  it('refuses SEPA to the client’s own IBAN, however it is written', async () => {
    const refused = await pay(sepa(accounts.aliceEur.iban));
    expectProblem(refused, 422, 'own_account_use_internal');
    expect(refused.json().detail).toMatch(/exchange/);
    const spaced = accounts.aliceEur.iban
      .replace(/(.{4})/g, '$1 ')
      .trim()
      .toLowerCase();
    expectProblem(await pay(sepa(spaced)), 422, 'own_account_use_internal');
  });

  it('refuses Faster Payments to the client’s own sort code and account number', async () => {
    const response = await pay({
      type: 'faster_pay',
      account_id: accounts.aliceGbp.id,
      amount: 100,
      currency: 'GBP',
      recipient: {
        name: 'Alex Morgan',
        sort_code: sortCode,
        account_number: accounts.aliceGbp.accountNumber,
      },
    });
    expectProblem(response, 422, 'own_account_use_internal');
  });

  it('refuses SWIFT to the client’s own IBAN', async () => {
    const response = await pay({
      type: 'international',
      account_id: accounts.aliceEur.id,
      amount: 100,
      currency: 'EUR',
      recipient: {
        name: 'Alex Morgan',
        address: '1 Main Street, London',
        country: 'GB',
        account_number: accounts.aliceEur.iban,
        bank_name: 'Bluepeak',
        swift: 'CHASUS33',
      },
    });
    expectProblem(response, 422, 'own_account_use_internal');
  });

  it('still pays another client’s IBAN through SEPA', async () => {
    const response = await pay(sepa(accounts.bobEur.iban));
    expect(response.statusCode, response.body).toBe(201);
  });
});
