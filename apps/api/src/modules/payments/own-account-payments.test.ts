import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem } from '../../testing/onboarding-helpers';
import {
  type DemoAccount,
  logInDemo,
  openFundedAccount,
  type Session,
  seedDemo,
} from './testing/payment-fixtures';

// A payment through an outside rail to one of the payer's own accounts is refused with a
// pointer to an internal payment; another client's account stays a normal payee.
describe('payments to your own account through an outside rail', () => {
  let test: TestApp;
  let alice: Session;
  let aliceEur: DemoAccount;
  let aliceGbp: DemoAccount;
  let bobEur: DemoAccount;
  let sortCode: string;
  let key = 0;
  beforeAll(async () => {
    test = await buildTestApp();
    await seedDemo(test.db);
    aliceEur = await openFundedAccount(test.db, 'private@demo.test', 'EUR', 100_000);
    aliceGbp = await openFundedAccount(test.db, 'private@demo.test', 'GBP', 100_000);
    bobEur = await openFundedAccount(test.db, 'business@demo.test', 'EUR', 0);
    const [group] = await test.db.query<{ sort_code: string }>(
      'SELECT sort_code FROM account_groups WHERE iban = $1',
      [aliceEur.iban],
    );
    sortCode = group?.sort_code ?? '';
    alice = await logInDemo(test.app, 'private@demo.test');
  }, 180_000);
  afterAll(async () => test.close());

  const pay = (payload: object) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...alice.headers, 'idempotency-key': `own-account-${++key}` },
      payload,
    });
  const sepa = (iban: string) => ({
    type: 'sepa',
    account_id: aliceEur.id,
    amount: 100,
    currency: 'EUR',
    recipient: { name: 'Alex Morgan', iban, bic: 'COBADEFFXXX' },
  });

  it('refuses SEPA to the client’s own IBAN, however it is written', async () => {
    const refused = await pay(sepa(aliceEur.iban));
    expectProblem(refused, 422, 'own_account_use_internal');
    expect(refused.json().detail).toMatch(/internal/);
    const spaced = aliceEur.iban
      .replace(/(.{4})/g, '$1 ')
      .trim()
      .toLowerCase();
    expectProblem(await pay(sepa(spaced)), 422, 'own_account_use_internal');
  });

  it('refuses Faster Payments to the client’s own sort code and account number', async () => {
    const response = await pay({
      type: 'faster_pay',
      account_id: aliceGbp.id,
      amount: 100,
      currency: 'GBP',
      recipient: { name: 'Alex Morgan', sort_code: sortCode, account_number: aliceGbp.accountNumber },
    });
    expectProblem(response, 422, 'own_account_use_internal');
  });

  it('refuses SWIFT to the client’s own IBAN', async () => {
    const response = await pay({
      type: 'international',
      account_id: aliceEur.id,
      amount: 100,
      currency: 'EUR',
      recipient: {
        name: 'Alex Morgan',
        address: '1 Main Street, London',
        country: 'GB',
        account_number: aliceEur.iban,
        bank_name: 'Bluepeak',
        swift: 'CHASUS33',
      },
    });
    expectProblem(response, 422, 'own_account_use_internal');
  });

  it('still pays another client’s IBAN through SEPA', async () => {
    const response = await pay(sepa(bobEur.iban));
    expect(response.statusCode, response.body).toBe(201);
  });
});
