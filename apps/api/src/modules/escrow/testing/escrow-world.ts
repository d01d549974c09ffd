import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { useDemoWorld } from '../../../testing/demo-world';
import type { Session } from '../../../testing/onboarding-helpers';
import { getAccount, systemAccountId } from '../../ledger';
import { latestCode } from '../../payments/testing/payment-fixtures';

// The escrow tests' world: the demo business client (buyer, funded) and private client (seller),
// and three operators, so a maker always has two possible checkers.
export function useEscrowWorld(config?: Record<string, string>) {
  const world = useDemoWorld({
    config,
    accounts: {
      buyer: ['business@demo.test', 'EUR', 10_000_000],
      seller: ['private@demo.test', 'EUR', 100_000],
      buyerGbp: ['business@demo.test', 'GBP', 5_000_000],
      sellerGbp: ['private@demo.test', 'GBP', 0],
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

  let keys = 0;
  /**
   * Every escrow step takes an Idempotency-Key: a POST without one named gets a new key, so each
   * call is a new attempt; `null` sends none.
   */
  const call = (
    method: 'GET' | 'POST',
    url: string,
    session: Session,
    payload?: unknown,
    key?: string | null,
  ) => {
    const sent = key === undefined && method === 'POST' ? `escrow-test-${++keys}` : key;
    return test.app.inject({
      method,
      url,
      headers: { ...session.headers, ...(sent ? { 'idempotency-key': sent } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };
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
  const emailOf = (session: Session) =>
    session === world.sessions.business ? 'business@demo.test' : 'private@demo.test';
  /** Asks for the code of a consent step as that party and reads it from their mailbox. */
  const codeFor = async (dealId: string, session: Session, step: Record<string, unknown>) => {
    ok(await call('POST', `/api/client/escrows/${dealId}/code`, session, step), 201);
    return latestCode(test.app, emailOf(session));
  };
  /** The buyer funds the deal from its account, with its code; a refused code request is the answer. */
  const fund = async (dealId: string, accountId = world.accounts.buyer.id, key = `fund-${dealId}`) => {
    const step = { step: 'fund', account_id: accountId };
    const asked = await call('POST', `/api/client/escrows/${dealId}/code`, world.sessions.business, step);
    if (asked.statusCode !== 201) return asked;
    const code = await latestCode(test.app, 'business@demo.test');
    return call(
      'POST',
      `/api/client/escrows/${dealId}/fund`,
      world.sessions.business,
      { account_id: accountId, code },
      key,
    );
  };
  const agreeToRefund = async (dealId: string, session: Session) => {
    const code = await codeFor(dealId, session, { step: 'refund_agreement' });
    return call('POST', `/api/client/escrows/${dealId}/refund_agreement`, session, { code });
  };
  const balance = async (ledgerAccountId: string) =>
    (await getAccount(test.db, ledgerAccountId))?.balanceMinor ?? 0;
  /**
   * What the escrow account holds for deals: its balance less what outgoing releases hold (a
   * release to an outside seller is held until its rail settles it).
   */
  const escrowBalance = async (currency = 'EUR') =>
    (await getAccount(test.db, systemAccountId(currency, 'escrow')))?.availableMinor ?? 0;
  const heldByDeals = async (currency = 'EUR') => {
    const [row] = await test.db.query<{ sum: number }>(
      `SELECT coalesce(sum(amount_minor), 0)::float8 AS sum FROM escrow_deals
       WHERE status IN ('funded', 'disputed') AND currency = $1`,
      [currency],
    );
    return row?.sum ?? 0;
  };
  return {
    ...world,
    call,
    ok,
    proposal,
    balance,
    escrowBalance,
    heldByDeals,
    inDays,
    codeFor,
    fund,
    agreeToRefund,
  };
}
