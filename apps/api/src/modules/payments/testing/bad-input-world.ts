import { expect } from 'vitest';
import { useDemoWorld } from '../../../testing/demo-world';
import { expectProblem } from '../../../testing/onboarding-helpers';
import { type Session, swiftPayee } from './payment-fixtures';

export const ALICE = 'private@demo.test';
export const BOB = 'business@demo.test';
export const SEPA_IBAN = 'DE89370400440532013000';

/**
 * The world of the payment bad-input tests: Alice and Bob with funded euro accounts, requests
 * sent as raw JSON, and a check that a refused request wrote nothing (no payment, recipient,
 * ledger transfer or rail submission).
 */
export function useBadInputWorld() {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { aliceEur: [ALICE, 'EUR', 100_000], bobEur: [BOB, 'EUR', 50_000] },
    sessions: { alice: [ALICE], bob: [BOB] },
    realTimersAfterEach: true,
  });
  let keyCounter = 0;

  const sepaPayee = (overrides: Record<string, string> = {}) => ({
    name: 'Erika Mustermann',
    iban: SEPA_IBAN,
    bic: 'COBADEFFXXX',
    ...overrides,
  });
  const sepaBody = (overrides: Record<string, unknown> = {}) => ({
    type: 'sepa',
    account_id: accounts.aliceEur.id,
    amount: 100,
    currency: 'EUR',
    recipient: sepaPayee(),
    ...overrides,
  });

  function postJson(session: Session, url: string, payload: string | object, key?: string) {
    return test.app.inject({
      method: 'POST',
      url,
      headers: {
        ...session.headers,
        'content-type': 'application/json',
        'idempotency-key': key ?? `bad-input-${++keyCounter}`,
      },
      payload,
    });
  }
  const pay = (session: Session, body: string | object) => postJson(session, '/api/client/payments', body);
  const addRecipient = (session: Session, body: object) => postJson(session, '/api/client/recipients', body);
  const confirmPayment = (session: Session, id: string, code: string) =>
    postJson(session, `/api/client/payments/${id}/confirm`, { code });
  const confirmRecipient = (session: Session, id: string, code: string) =>
    postJson(session, `/api/client/recipients/${id}/confirm`, { code });

  type Writes = { payments: number; recipients: number; transfers: number; submissions: number };

  async function writes(): Promise<Writes> {
    const [row] = await test.db.query<Writes>(
      `SELECT (SELECT count(*) FROM payments)::int AS payments,
         (SELECT count(*) FROM recipients)::int AS recipients,
         (SELECT count(*) FROM ledger_transfers)::int AS transfers,
         (SELECT count(*) FROM rail_submissions)::int AS submissions`,
    );
    if (!row) throw new Error('no counts');
    return row;
  }

  /** Sends each request and checks it is refused with `status` (and `code`) and wrote nothing. */
  async function expectRefused(
    send: () => ReturnType<typeof pay>,
    status: number,
    code?: string,
  ): Promise<void> {
    const before = await writes();
    const response = await send();
    expectProblem(response, status, code);
    const body = response.json();
    expect(body.message, response.body).toEqual(expect.any(String));
    if (status === 400) expect(body.code, response.body).toEqual(expect.any(String));
    if (status === 422) expect(body.detail, response.body).toEqual(expect.any(String));
    expect(await writes(), response.body).toEqual(before);
  }

  async function ledgerTransfersOf(paymentId: string): Promise<string[]> {
    const rows = await test.db.query<{ id: string }>(
      `SELECT id FROM ledger_transfers WHERE reference_type = 'payment' AND reference_id = $1 ORDER BY id`,
      [paymentId],
    );
    return rows.map((row) => row.id);
  }

  return {
    test,
    accounts,
    sessions,
    addRecipient,
    confirmPayment,
    confirmRecipient,
    expectRefused,
    ledgerTransfersOf,
    pay,
    postJson,
    sepaBody,
    sepaPayee,
    swiftPayee,
  };
}
