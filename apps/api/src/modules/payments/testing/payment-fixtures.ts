import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../db/database';
import { withTransaction } from '../../../db/transaction';
import { codeIn, DEMO_PASSWORD, lastMessage, logIn, type Session } from '../../../testing/onboarding-helpers';
import { openCurrencyAccount } from '../../accounts';
import { createTransfers, getAccount, systemAccountId } from '../../ledger';

// Payments tests start from the demo users (two approved clients and the operators), open the
// accounts they pay from and put money in them through the ledger, as an incoming credit would.
export type DemoAccount = { id: string; ledgerAccountId: string; iban: string; accountNumber: string };

export async function openFundedAccount(
  db: Database,
  email: string,
  currency: string,
  fundMinor: number,
): Promise<DemoAccount> {
  const [client] = await db.query<{ id: string }>('SELECT id FROM clients WHERE email = $1', [email]);
  if (!client) throw new Error(`no demo client ${email}`);
  const opened = await withTransaction(db, (tx) =>
    openCurrencyAccount(tx, { clientId: client.id, currency, actor: { actorType: 'system' } }),
  );
  if (fundMinor > 0) {
    const [result] = await createTransfers(db, [
      {
        kind: 'posted',
        id: `test-fund:${opened.account.id}:${fundMinor}`,
        debitAccountId: systemAccountId(currency, 'opening_balances'),
        creditAccountId: opened.account.ledger_account_id,
        amountMinor: fundMinor,
        currency,
        code: 'opening_balance',
        referenceType: 'test',
        referenceId: opened.account.id,
      },
    ]);
    expect(result?.ok).toBe(true);
  }
  return {
    id: opened.account.id,
    ledgerAccountId: opened.account.ledger_account_id,
    iban: opened.group.iban,
    accountNumber: opened.group.account_number,
  };
}

export async function balanceOf(db: Database, account: DemoAccount) {
  const ledger = await getAccount(db, account.ledgerAccountId);
  if (!ledger) throw new Error('no ledger account');
  return { balance: ledger.balanceMinor, available: ledger.availableMinor };
}

export const logInDemo = (app: FastifyInstance, email: string, backoffice = false) =>
  logIn(app, email, DEMO_PASSWORD, backoffice);

/** The newest one-time code e-mailed to `email`. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  return codeIn((await lastMessage(app, email)).text);
}

export type { Session };

let paymentKeys = 0;

/** Creates a payment as the client, with a fresh idempotency key, and checks it was taken (201). */
export async function postPayment(app: FastifyInstance, session: Session, body: Record<string, unknown>) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/client/payments',
    headers: { ...session.headers, 'idempotency-key': `test-payment-${++paymentKeys}` },
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created;
}

/** Confirms a payment with the code last e-mailed to `email`, as its client would. */
export async function confirmByCode(app: FastifyInstance, session: Session, email: string, id: string) {
  return app.inject({
    method: 'POST',
    url: `/api/client/payments/${id}/confirm`,
    headers: session.headers,
    payload: { code: await latestCode(app, email) },
  });
}

/** A SWIFT payee in the United States, as an international payment or recipient names one. */
export const swiftPayee = (overrides: Record<string, string> = {}) => ({
  name: 'John Smith',
  address: '1 Main Street, New York',
  country: 'US',
  account_number: '123456789',
  bank_name: 'Chase',
  swift: 'CHASUS33',
  ...overrides,
});
