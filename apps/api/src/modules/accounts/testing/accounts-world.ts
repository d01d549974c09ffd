import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { useDemoWorld } from '../../../testing/demo-world';
import type { Session } from '../../../testing/onboarding-helpers';

export type Summary = {
  id: string;
  name: string;
  balance: number;
  available_balance: number;
  currency: { code: string };
};
export type Line = {
  id: string;
  code: string;
  direction: 'credit' | 'debit';
  amount: number;
  balance_after: number;
};

/**
 * The world of the client account API tests: the seeded demo clients (Alex, private, and
 * Northwind, business) logged in, and the reads the tests make of their accounts.
 */
export function useAccountsWorld() {
  const { test, sessions } = useDemoWorld({
    sessions: { alex: ['private@demo.test'], northwind: ['business@demo.test'] },
  });

  const inject = (options: InjectOptions) => test.app.inject(options);
  async function groupsOf(session: Session) {
    const response = await inject({ method: 'GET', url: '/api/client/accounts', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string; iban: string; accounts: { data: Summary[] } }[];
  }
  async function accountIn(session: Session, currency: string): Promise<Summary> {
    const [group] = await groupsOf(session);
    const account = group?.accounts.data.find((a) => a.currency.code === currency);
    if (!account) throw new Error(`no ${currency} account`);
    return account;
  }
  const ledgerIdOf = async (clientEmail: string, currency: string) => {
    const [row] = await test.db.query<{ ledger_account_id: string }>(
      `SELECT a.ledger_account_id FROM client_accounts a JOIN clients c ON c.id = a.client_id
       WHERE lower(c.email) = $1 AND a.currency = $2`,
      [clientEmail, currency],
    );
    if (!row) throw new Error('no ledger account');
    return row.ledger_account_id;
  };

  return { test, sessions, inject, groupsOf, accountIn, ledgerIdOf };
}
