import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount, systemAccountId } from '../ledger';
import { useEscrowWorld } from './testing/escrow-world';

// Changes to a running deal and the one-time codes of every consent (docs/requirements/escrow.md,
// "Changes" and "Strong authentication"): the change fee held, then charged to the requester to
// the minor unit, or given back; a code bound to its deal, step and figures.
describe('escrow: changes and one-time codes', () => {
  const world = useEscrowWorld();
  const { test, accounts, sessions, call, ok, proposal, balance, escrowBalance, heldByDeals, fund, codeFor } =
    world;
  const available = async (ledgerAccountId: string) =>
    (await getAccount(test.db, ledgerAccountId))?.availableMinor ?? 0;
  const feeIncome = () => balance(systemAccountId('EUR', 'fee_income'));
  let keys = 0;
  const ask = (dealId: string, session: typeof sessions.private, body: Record<string, unknown>) => {
    keys += 1;
    return call('POST', `/api/client/escrows/${dealId}/changes`, session, body, `change-${keys}`);
  };
  async function acceptedDeal(overrides: Record<string, unknown> = {}) {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal(overrides)), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    return deal as { id: string };
  }

  it('holds the change fee from the requester, charges it when the other party accepts with a code', async () => {
    const deal = await acceptedDeal();
    ok(await fund(deal.id));
    const seller = accounts.seller.ledgerAccountId;
    const [sellerBefore, availableBefore, incomeBefore] = [
      await balance(seller),
      await available(seller),
      await feeIncome(),
    ];
    const body = {
      deadline: world.inDays(60),
      add_conditions: [{ description: 'Customs papers', presenter: 'seller' }],
      reason: 'Shipping is late',
    };
    // The amount of a funded deal does not change: the money held is what was funded.
    expectProblem(await ask(deal.id, sessions.private, { amount: 5, reason: 'More' }), 422, 'escrow_invalid');
    expect((await ask(deal.id, sessions.private, { reason: 'Nothing' })).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/client/escrows/${deal.id}/changes`, sessions.private, body, null)).statusCode,
    ).toBe(400);
    const asked = ok(await ask(deal.id, sessions.private, body), 201);
    const change = asked.changes[0];
    expect(change).toMatchObject({ requested_by: 'seller', status: 'proposed', fee: 5_000 });
    // Held, not yet charged.
    expect(await available(seller)).toBe(availableBefore - 5_000);
    expect(await balance(seller)).toBe(sellerBefore);
    expectProblem(
      await ask(deal.id, sessions.business, { deadline: world.inDays(90), reason: 'x' }),
      409,
      'escrow_wrong_status',
    );
    const accept = `/api/client/escrows/${deal.id}/changes/${change.id}/accept`;
    // The requester cannot answer its own change; a wrong code moves nothing.
    expectProblem(
      await call('POST', accept, sessions.private, { code: '000000' }),
      409,
      'escrow_not_your_step',
    );
    await codeFor(deal.id, sessions.business, { step: 'accept_change', change_id: change.id });
    expectProblem(await call('POST', accept, sessions.business, { code: '000000' }), 422, 'sca_code_invalid');
    const code = await codeFor(deal.id, sessions.business, { step: 'accept_change', change_id: change.id });
    const changed = ok(await call('POST', accept, sessions.business, { code }));
    expect(changed).toMatchObject({ deadline: body.deadline, conditions_total: 3, fees_paid: 25_000 });
    expect(changed.changes[0].status).toBe('accepted');
    // The same code again gets the first answer and charges nothing more.
    const replay = await call('POST', accept, sessions.business, { code });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balance(seller)).toBe(sellerBefore - 5_000);
    expect(await feeIncome()).toBe(incomeBefore + 5_000);
    expect(await escrowBalance()).toBe(await heldByDeals());
    // A change still open when the deal is paid out ends with it: the requester's fee comes back.
    ok(await ask(deal.id, sessions.private, { deadline: world.inDays(70), reason: 'Later still' }), 201);
    expect(await available(seller)).toBe(sellerBefore - 10_000);
    ok(await world.agreeToRefund(deal.id, sessions.business));
    ok(await world.agreeToRefund(deal.id, sessions.private));
    const refund = { action: 'refund', reason: 'Both agree' };
    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, refund),
      201,
    );
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposed.proposals[0].id}/approve`;
    const refunded = ok(await call('POST', approve, sessions.compliance, {}));
    expect(refunded.status).toBe('refunded');
    expect(refunded.changes.map((change: { status: string }) => change.status)).toEqual([
      'accepted',
      'withdrawn',
    ]);
    expect(await available(seller)).toBe(sellerBefore - 5_000);
    expect(await balance(seller)).toBe(sellerBefore - 5_000);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('gives the fee back when declined or withdrawn, and re-prices an unfunded deal whose amount changes', async () => {
    const deal = await acceptedDeal({ standard: false });
    const buyer = accounts.buyer.ledgerAccountId;
    const availableBefore = await available(buyer);
    const first = ok(
      await ask(deal.id, sessions.business, { amount: 9_000_000, reason: 'Bigger order' }),
      201,
    );
    // A non-standard deal's change costs 70.00.
    expect(first.changes[0].fee).toBe(7_000);
    expect(await available(buyer)).toBe(availableBefore - 7_000);
    const decline = `/api/client/escrows/${deal.id}/changes/${first.changes[0].id}/decline`;
    expectProblem(await call('POST', decline, sessions.business), 409, 'escrow_not_your_step');
    ok(await call('POST', decline, sessions.private));
    expect(await available(buyer)).toBe(availableBefore);
    expectProblem(await call('POST', decline, sessions.private), 409, 'escrow_wrong_status');
    const second = ok(
      await ask(deal.id, sessions.business, { amount: 9_000_000, reason: 'Bigger order' }),
      201,
    );
    const change = second.changes[1].id;
    ok(await call('POST', `/api/client/escrows/${deal.id}/changes/${change}/withdraw`, sessions.business));
    expect(await available(buyer)).toBe(availableBefore);
    const third = ok(
      await ask(deal.id, sessions.business, { amount: 9_000_000, reason: 'Bigger order' }),
      201,
    );
    const id = third.changes[2].id;
    const code = await codeFor(deal.id, sessions.private, { step: 'accept_change', change_id: id });
    const changed = ok(
      await call('POST', `/api/client/escrows/${deal.id}/changes/${id}/accept`, sessions.private, { code }),
    );
    // 1% of 90,000.00 is 900.00, above the 800.00 minimum; servicing 150.00.
    expect(changed).toMatchObject({ amount: 9_000_000, funding_total: 9_000_000 + 90_000 + 15_000 });
    expect(await balance(buyer)).toBe(await available(buyer));
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('binds each code to its deal, step and figures, and keeps deals private', async () => {
    const deal = await acceptedDeal();
    const fundUrl = `/api/client/escrows/${deal.id}/fund`;
    const body = (code: string) => ({ account_id: accounts.buyer.id, code });
    expect(
      (await call('POST', fundUrl, sessions.business, { account_id: accounts.buyer.id }, 'k0')).statusCode,
    ).toBe(400);
    // A code sent for another step does not fund.
    const asked = ok(
      await ask(deal.id, sessions.private, { amount: 2_000_000, reason: 'Two forklifts' }),
      201,
    );
    const changeStep = { step: 'accept_change', change_id: asked.changes[0].id };
    const otherCode = await codeFor(deal.id, sessions.business, changeStep);
    expectProblem(
      await call('POST', fundUrl, sessions.business, body(otherCode), 'k1'),
      422,
      'sca_code_invalid',
    );
    // The deal changed after the code was sent: the code was for the old figures.
    const code = await codeFor(deal.id, sessions.business, { step: 'fund', account_id: accounts.buyer.id });
    const acceptCode = await codeFor(deal.id, sessions.business, changeStep);
    ok(
      await call(
        'POST',
        `/api/client/escrows/${deal.id}/changes/${asked.changes[0].id}/accept`,
        sessions.business,
        { code: acceptCode },
      ),
    );
    expectProblem(await call('POST', fundUrl, sessions.business, body(code), 'k2'), 422, 'sca_code_invalid');
    const before = await balance(accounts.buyer.ledgerAccountId);
    const fresh = await codeFor(deal.id, sessions.business, { step: 'fund', account_id: accounts.buyer.id });
    expect(ok(await call('POST', fundUrl, sessions.business, body(fresh), 'k3')).status).toBe('funded');
    const replay = await call('POST', fundUrl, sessions.business, body(fresh), 'k3');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balance(accounts.buyer.ledgerAccountId)).toBe(before - 2_000_000 - 20_000);
    // The seller's refund agreement needs the seller's own code.
    const refundCode = await codeFor(deal.id, sessions.business, { step: 'refund_agreement' });
    const refund = `/api/client/escrows/${deal.id}/refund_agreement`;
    expectProblem(
      await call('POST', refund, sessions.private, { code: refundCode }),
      422,
      'sca_code_invalid',
    );
    const sellerCode = await codeFor(deal.id, sessions.private, { step: 'refund_agreement' });
    expect(ok(await call('POST', refund, sessions.private, { code: sellerCode })).refund_agreed_by).toEqual([
      'seller',
    ]);
    // Someone else's deal is a 404, for codes and changes alike.
    await test.db.query(
      `UPDATE escrow_deals SET seller_client_id = (SELECT id FROM clients WHERE email = 'new@demo.test') WHERE id = $1`,
      [deal.id],
    );
    expectProblem(
      await call('POST', `/api/client/escrows/${deal.id}/code`, sessions.private, {
        step: 'refund_agreement',
      }),
      404,
    );
    expectProblem(await ask(deal.id, sessions.private, { deadline: world.inDays(40), reason: 'x' }), 404);
    expect(await escrowBalance()).toBe(await heldByDeals());
  });
});
