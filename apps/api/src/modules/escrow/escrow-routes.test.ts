import { describe, expect, it } from 'vitest';
import { expectProblem, pngAttachment } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger';
import { useEscrowWorld } from './testing/escrow-world';

// Escrow deals end to end through the API (docs/requirements/escrow.md): fees to the minor unit,
// the ledger's escrow account equal to what funded deals hold, four eyes on every payout.
describe('escrow deals', () => {
  const {
    test,
    accounts,
    sessions,
    call,
    ok,
    proposal,
    balance,
    escrowBalance,
    heldByDeals,
    fund,
    agreeToRefund,
  } = useEscrowWorld();

  async function fundedDeal(overrides: Record<string, unknown> = {}) {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal(overrides)), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    ok(await fund(deal.id));
    return deal as { id: string; conditions: { id: string; presenter: string }[] };
  }
  async function allConditionsMet(deal: { id: string; conditions: { id: string; presenter: string }[] }) {
    for (const condition of deal.conditions) {
      const party = condition.presenter === 'buyer' ? sessions.business : sessions.private;
      const url = `/api/client/escrows/${deal.id}/conditions/${condition.id}/documents`;
      ok(await call('POST', url, party, { attachments: [pngAttachment('evidence')] }), 201);
      const decision = `/api/backoffice/escrows/${deal.id}/conditions/${condition.id}/decision`;
      ok(await call('POST', decision, sessions.compliance, { approve: true }));
    }
  }

  it('shows the fees with who pays them, to the minor unit, standard and non-standard', async () => {
    const standard = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    // 1% of 10,000.00 is 100.00: the standard minimum of 200.00 applies; servicing is free.
    expect(standard.fees).toEqual([
      { kind: 'opening', amount: 20_000, payer: 'buyer', per: 'deal' },
      { kind: 'servicing', amount: 0, payer: 'buyer', per: 'deal' },
      { kind: 'document_verification', amount: 20_000, payer: 'presenter', per: 'condition' },
      { kind: 'change', amount: 5_000, payer: 'requester', per: 'change' },
    ]);
    const large = ok(
      await call(
        'POST',
        '/api/client/escrows',
        sessions.business,
        proposal({ amount: 12_345_678, standard: false }),
      ),
      201,
    );
    // 1% of 123,456.78 is 1,234.5678, rounded up to 1,234.57; above the 800.00 minimum.
    expect(large.fees.slice(0, 2)).toEqual([
      { kind: 'opening', amount: 123_457, payer: 'buyer', per: 'deal' },
      { kind: 'servicing', amount: 15_000, payer: 'buyer', per: 'deal' },
    ]);
    const small = ok(
      await call('POST', '/api/client/escrows', sessions.business, proposal({ standard: false })),
      201,
    );
    expect(small.fees[0].amount).toBe(80_000);
  });

  it('runs a deal from proposal to release: the buyer pays amount and fee, the seller gets the amount', async () => {
    const buyerBefore = await balance(accounts.buyer.ledgerAccountId);
    const deal = await fundedDeal();
    // Opening fee 200.00 (1% of 10,000.00 is below the standard minimum), servicing free.
    expect(await balance(accounts.buyer.ledgerAccountId)).toBe(buyerBefore - 1_000_000 - 20_000);
    expect(await escrowBalance()).toBe(await heldByDeals());

    const sellerBefore = await balance(accounts.seller.ledgerAccountId);
    await allConditionsMet(deal);
    // Each side paid the verification of the condition it presented.
    expect(await balance(accounts.seller.ledgerAccountId)).toBe(sellerBefore - 20_000);

    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, {
        action: 'release',
        reason: 'All met',
      }),
      201,
    );
    const proposalId = proposed.proposals[0].id;
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposalId}/approve`;
    expectProblem(await call('POST', approve, sessions.payments, {}), 403, 'four_eyes_required');
    const released = ok(await call('POST', approve, sessions.compliance, {}));
    expect(released).toMatchObject({ status: 'released', held: 0, fees_paid: 60_000 });
    expect(await balance(accounts.seller.ledgerAccountId)).toBe(sellerBefore - 20_000 + 1_000_000);
    expect(released.events.map((event: { kind: string }) => event.kind)).toContain('released');
    expect(await escrowBalance()).toBe(await heldByDeals());
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
    const notified = await test.db.query(
      `SELECT 1 FROM client_notifications WHERE kind = 'escrow_update' AND params->>'deal_id' = $1`,
      [deal.id],
    );
    expect(notified.length).toBeGreaterThanOrEqual(2 * released.events.length);
    const audited = await test.db.query(`SELECT action FROM audit_log WHERE object_id = $1`, [deal.id]);
    expect(audited.length).toBe(released.events.length);
  });

  it('lets no single operator, and neither party, move held funds', async () => {
    const deal = await fundedDeal();
    // A refund before the deadline needs both parties, or a dispute; the buyer alone is not enough.
    ok(await agreeToRefund(deal.id, sessions.business));
    const refund = { action: 'refund', reason: 'Buyer asks' };
    expectProblem(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, refund),
      409,
    );
    expectProblem(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, {
        action: 'release',
        reason: 'x',
      }),
      409,
    );
    // Parties have no route to the desk, and cannot fund twice.
    expect(
      (await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.business, refund))
        .statusCode,
    ).toBe(401);
    expectProblem(
      await call(
        'POST',
        `/api/client/escrows/${deal.id}/fund`,
        sessions.business,
        { account_id: accounts.buyer.id, code: '000000' },
        'again',
      ),
      409,
      'escrow_wrong_status',
    );
    ok(await agreeToRefund(deal.id, sessions.private));
    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, refund),
      201,
    );
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposed.proposals[0].id}/approve`;
    expectProblem(await call('POST', approve, sessions.payments, {}), 403, 'four_eyes_required');
    await expect(
      test.db.query(
        `UPDATE escrow_proposals SET status = 'approved', decided_by = proposed_by WHERE id = $1`,
        [proposed.proposals[0].id],
      ),
    ).rejects.toThrow(/escrow_proposals_four_eyes/);
    expect(ok(await call('POST', approve, sessions.admin, {})).status).toBe('refunded');
  });

  it('pays a release once when two checkers approve at the same moment', async () => {
    const deal = await fundedDeal();
    await allConditionsMet(deal);
    const sellerBefore = await balance(accounts.seller.ledgerAccountId);
    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, {
        action: 'release',
        reason: 'Met',
      }),
      201,
    );
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposed.proposals[0].id}/approve`;
    const answers = await Promise.all([
      call('POST', approve, sessions.compliance, {}),
      call('POST', approve, sessions.admin, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(accounts.seller.ledgerAccountId)).toBe(sellerBefore + 1_000_000);
    expect(await escrowBalance()).toBe(await heldByDeals());
  });

  it('refunds the buyer after the deadline, the fees kept', async () => {
    const deal = await fundedDeal();
    const buyerFunded = await balance(accounts.buyer.ledgerAccountId);
    const refund = { action: 'refund', reason: 'Deadline passed' };
    expectProblem(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, refund),
      409,
    );
    await test.db.query('UPDATE escrow_deals SET deadline = current_date - 1 WHERE id = $1', [deal.id]);
    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, refund),
      201,
    );
    expect(proposed.deadline_passed).toBe(true);
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposed.proposals[0].id}/approve`;
    expect(ok(await call('POST', approve, sessions.compliance, {})).status).toBe('refunded');
    expect(await balance(accounts.buyer.ledgerAccountId)).toBe(buyerFunded + 1_000_000);
    expect(await escrowBalance()).toBe(await heldByDeals());
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('holds a disputed deal for the officer, and hides a deal from anyone not a party to it', async () => {
    const deal = await fundedDeal();
    expect(
      ok(
        await call('POST', `/api/client/escrows/${deal.id}/dispute`, sessions.private, {
          reason: 'Not paid',
        }),
      ).status,
    ).toBe('disputed');
    const other = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    await test.db.query(
      `UPDATE escrow_deals SET seller_client_id = (SELECT id FROM clients WHERE email = 'new@demo.test') WHERE id = $1`,
      [other.id],
    );
    expectProblem(await call('GET', `/api/client/escrows/${other.id}`, sessions.private), 404);
    expectProblem(await call('POST', `/api/client/escrows/${other.id}/accept`, sessions.private), 404);
    const listed = ok(await call('GET', '/api/client/escrows', sessions.private)) as { id: string }[];
    expect(listed.map((item) => item.id)).toContain(deal.id);
    expect(listed.map((item) => item.id)).not.toContain(other.id);
  });
});
