import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { useDemoWorld } from '../../../testing/demo-world';
import type { Session } from '../../../testing/onboarding-helpers';
import { getAccount, systemAccountId } from '../../ledger';

// The escrow tests' world: the demo business client (buyer, funded) and private client (seller),
// and three operators, so a maker always has two possible checkers.
export function useEscrowWorld() {
  const world = useDemoWorld({
    accounts: {
      buyer: ['business@demo.test', 'EUR', 10_000_000],
      seller: ['private@demo.test', 'EUR', 100_000],
    },
    sessions: {
      business: ['business@demo.test'],
      private: ['private@demo.test'],
      payments: ['payments@demo.test', true],
      compliance: ['compliance@demo.test', true],
      admin: ['admin@demo.test', true],
    },
  });
  const { test } = world;

  const call = (method: 'GET' | 'POST', url: string, session: Session, payload?: unknown, key?: string) =>
    test.app.inject({
      method,
      url,
      headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const proposal = (overrides: Record<string, unknown> = {}) => ({
    role: 'buyer',
    counterparty: { email: 'private@demo.test' },
    amount: 1_000_000,
    currency: 'EUR',
    title: 'Used forklift',
    buyer_deliverables: 'Pay 10,000.00 EUR into escrow',
    seller_deliverables: 'Deliver the forklift to the Hamburg depot',
    conditions: [
      { description: 'Inspection report', presenter: 'buyer' },
      { description: 'Delivery note', presenter: 'seller' },
    ],
    deadline: inDays(30),
    standard: true,
    ...overrides,
  });
  const balance = async (ledgerAccountId: string) =>
    (await getAccount(test.db, ledgerAccountId))?.balanceMinor ?? 0;
  const escrowBalance = () => balance(systemAccountId('EUR', 'escrow'));
  const heldByDeals = async () => {
    const [row] = await test.db.query<{ sum: number }>(
      `SELECT coalesce(sum(amount_minor), 0)::float8 AS sum FROM escrow_deals WHERE status IN ('funded', 'disputed')`,
    );
    return row?.sum ?? 0;
  };
  return { ...world, call, ok, proposal, balance, escrowBalance, heldByDeals, inDays };
}
