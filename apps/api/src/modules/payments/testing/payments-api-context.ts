import { expect } from 'vitest';
import { useDemoWorld } from '../../../testing/demo-world';
import type { Session } from './payment-fixtures';

// The world of the client payment API tests (client-payment-*.test.ts and their kin): the demo
// clients with funded accounts, an operator, and the calls they make. A test file calls
// usePaymentsApi() once, and its tests read what it returns once its beforeAll has run.

export const ALICE = 'private@demo.test';
export const BOB = 'business@demo.test';
export const SEPA_IBAN = 'DE89370400440532013000';

let keyCounter = 0;

export const newKey = () => `test-key-${++keyCounter}`;

export const sepaPayee = (name = 'Erika Mustermann') => ({ name, iban: SEPA_IBAN, bic: 'COBADEFFXXX' });

/** Registers the file's set-up (the app, the demo data, the accounts, the sessions) and tear-down. */
export function usePaymentsApi() {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: {
      aliceEur: [ALICE, 'EUR', 100_000],
      aliceGbp: [ALICE, 'GBP', 50_000],
      bobEur: [BOB, 'EUR', 0],
    },
    sessions: { alice: [ALICE], bob: [BOB], operator: ['payments@demo.test', true] },
  });

  const pay = (session: Session, body: Record<string, unknown>, key = newKey()) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...session.headers, 'idempotency-key': key },
      payload: body,
    });

  const confirm = (session: Session, id: string, code: string) =>
    test.app.inject({
      method: 'POST',
      url: `/api/client/payments/${id}/confirm`,
      headers: session.headers,
      payload: { code },
    });

  async function runSimulator() {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-rails/simulator/run',
      headers: sessions.operator.headers,
      payload: { settle_now: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const getPayment = (session: Session, id: string) =>
    test.app.inject({ method: 'GET', url: `/api/client/payments/${id}`, headers: session.headers });

  return { test, accounts, sessions, pay, confirm, runSimulator, getPayment };
}
