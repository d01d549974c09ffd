import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { freezeAccount, unfreezeAccount } from '../ledger';
import { openFundedAccount } from '../payments/testing/payment-fixtures';
import { useEscrowWorld } from './testing/escrow-world';

// A consent's one-time code is sent only for a step the caller could take now
// (docs/requirements/escrow.md, "Strong authentication"): otherwise the answer is the step's own
// refusal, and no message leaves.
describe('escrow: codes only for steps the caller may take', () => {
  const world = useEscrowWorld();
  const { test, accounts, sessions, call, ok, proposal, fund } = world;
  type Session = typeof sessions.business;
  const messages = async () =>
    (await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages'))[0]?.n ?? 0;
  /** Asks for a code that must be refused as the step would be: no code is sent. */
  async function refused(dealId: string, session: Session, step: unknown, status: number, code: string) {
    const before = await messages();
    expectProblem(await call('POST', `/api/client/escrows/${dealId}/code`, session, step), status, code);
    expect(await messages()).toBe(before);
  }
  const fundStep = (accountId: string) => ({ step: 'fund', account_id: accountId });

  it('sends a funding code only to the buyer of an accepted deal, for an open account of its own in the currency', async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    await refused(deal.id, sessions.business, fundStep(accounts.buyer.id), 409, 'escrow_wrong_status');
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    await refused(deal.id, sessions.private, fundStep(accounts.seller.id), 409, 'escrow_not_your_step');
    // Another client's account, even one the caller knows the id of.
    const other = await openFundedAccount(test.db, 'new@demo.test', 'EUR', 0);
    await refused(deal.id, sessions.business, fundStep(other.id), 404, 'not_found');
    await refused(deal.id, sessions.business, fundStep(accounts.seller.id), 404, 'not_found');
    await refused(deal.id, sessions.business, fundStep(accounts.buyerGbp.id), 422, 'escrow_invalid');
    // A closed account of its own is not one to fund from.
    const gbp = ok(
      await call('POST', '/api/client/escrows', sessions.business, proposal({ currency: 'GBP' })),
      201,
    );
    ok(await call('POST', `/api/client/escrows/${gbp.id}/accept`, sessions.private));
    await test.db.query('UPDATE client_accounts SET closed_at = now() WHERE id = $1', [accounts.buyerGbp.id]);
    await refused(gbp.id, sessions.business, fundStep(accounts.buyerGbp.id), 404, 'not_found');
    // A frozen account takes no debit: no code for a funding that could not happen.
    const freeze = { accountId: accounts.buyer.ledgerAccountId, reason: 'Test', actor: 'test' };
    expect((await freezeAccount(test.db, freeze)).ok).toBe(true);
    try {
      await refused(deal.id, sessions.business, fundStep(accounts.buyer.id), 409, 'account_frozen');
    } finally {
      await unfreezeAccount(test.db, freeze);
    }
    // The step the code is for is still open: the code is sent and funds.
    const before = await messages();
    ok(await fund(deal.id));
    expect(await messages()).toBeGreaterThan(before);
  });

  it('sends a refund-agreement code only while the deal is held', async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    await refused(deal.id, sessions.private, { step: 'refund_agreement' }, 409, 'escrow_wrong_status');
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    await refused(deal.id, sessions.business, { step: 'refund_agreement' }, 409, 'escrow_wrong_status');
    ok(await fund(deal.id));
    ok(await world.agreeToRefund(deal.id, sessions.private));
  });

  it("sends a change's code only to the party that answers it, while it waits", async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    const changes = `/api/client/escrows/${deal.id}/changes`;
    const asked = ok(
      await call('POST', changes, sessions.private, { deadline: world.inDays(50), reason: 'Later' }),
      201,
    );
    const step = { step: 'accept_change', change_id: asked.changes[0].id };
    await refused(deal.id, sessions.private, step, 409, 'escrow_not_your_step');
    const unknown = { step: 'accept_change', change_id: '00000000-0000-4000-8000-000000000000' };
    await refused(deal.id, sessions.business, unknown, 404, 'not_found');
    ok(await call('POST', `${changes}/${asked.changes[0].id}/withdraw`, sessions.private));
    await refused(deal.id, sessions.business, step, 409, 'escrow_wrong_status');
  });
});
