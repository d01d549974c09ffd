import { expect } from 'vitest';
import { useDemoWorld } from '../../../testing/demo-world';
import { confirmByCode, postPayment, type Session } from './payment-fixtures';

export const ALICE = 'private@demo.test';
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The world of the back office's payments tests: Alice with a well-funded euro account who
 * pays, and the operators who look at her payments (roles payments, admin and support).
 */
export function useBackofficePaymentsWorld() {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { aliceEur: [ALICE, 'EUR', 5_000_000] },
    sessions: {
      alice: [ALICE],
      payments: ['payments@demo.test', true],
      admin: ['admin@demo.test', true],
      support: ['support@demo.test', true],
    },
  });
  let invoices = 0;

  const get = (url: string, session: Session) =>
    test.app.inject({ method: 'GET', url, headers: session.headers });
  const post = (url: string, session: Session, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url, headers: session.headers, payload });

  async function createPayment(payee: string, amount: number) {
    const created = await postPayment(test.app, sessions.alice, {
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount,
      currency: 'EUR',
      recipient: { name: payee, iban: 'DE89370400440532013000' },
      description: `Invoice ${++invoices}`,
    });
    return created.json().data as { id: string; end_to_end_id: string; total: number };
  }

  async function createAndConfirm(payee: string, amount: number) {
    const payment = await createPayment(payee, amount);
    const confirmed = await confirmByCode(test.app, sessions.alice, ALICE, payment.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return payment;
  }

  return { test, accounts, sessions, get, post, createPayment, createAndConfirm };
}
