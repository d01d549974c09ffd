import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { type DemoAccount, logInDemo, openFundedAccount, type Session, seedDemo } from './payment-fixtures';

// The world of the client payment API tests (routes/client-payments*.test.ts): the demo clients
// with funded accounts, an operator, and the calls they make. The bindings are live: a test
// file calls setUpPaymentsApi() once, and its tests read them after its beforeAll has run.

export const ALICE = 'private@demo.test';
export const BOB = 'business@demo.test';
export const SEPA_IBAN = 'DE89370400440532013000';

export let test: TestApp;
export let alice: Session;
export let bob: Session;
export let operator: Session;
export let aliceEur: DemoAccount;
export let aliceGbp: DemoAccount;
export let bobEur: DemoAccount;
let keyCounter = 0;

export const newKey = () => `test-key-${++keyCounter}`;

export async function pay(session: Session, body: Record<string, unknown>, key = newKey()) {
  return test.app.inject({
    method: 'POST',
    url: '/api/client/payments',
    headers: { ...session.headers, 'idempotency-key': key },
    payload: body,
  });
}

export async function confirm(session: Session, id: string, code: string) {
  return test.app.inject({
    method: 'POST',
    url: `/api/client/payments/${id}/confirm`,
    headers: session.headers,
    payload: { code },
  });
}

export async function runSimulator() {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/backoffice/payment-rails/simulator/run',
    headers: operator.headers,
    payload: { settle_now: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export async function getPayment(session: Session, id: string) {
  return test.app.inject({ method: 'GET', url: `/api/client/payments/${id}`, headers: session.headers });
}

export const sepaPayee = (name = 'Erika Mustermann') => ({ name, iban: SEPA_IBAN, bic: 'COBADEFFXXX' });

/** Registers the file's set-up (the app, the demo data, the sessions) and tear-down. */
export function setUpPaymentsApi() {
  beforeAll(async () => {
    test = await buildTestApp();
    await seedDemo(test.db);
    aliceEur = await openFundedAccount(test.db, ALICE, 'EUR', 100_000);
    aliceGbp = await openFundedAccount(test.db, ALICE, 'GBP', 50_000);
    bobEur = await openFundedAccount(test.db, BOB, 'EUR', 0);
    alice = await logInDemo(test.app, ALICE);
    bob = await logInDemo(test.app, BOB);
    operator = await logInDemo(test.app, 'payments@demo.test', true);
  }, 180_000);

  afterAll(async () => {
    await test?.close();
  });
}
