import { describe, expect, it } from 'vitest';
import { expectProblem, pngAttachment } from '../../testing/onboarding-helpers';
import { systemAccountId } from '../ledger';
import { useEscrowWorld } from './testing/escrow-world';

// Only a condition's presenter uploads its documents, so the verification fee the officer charges
// the presenter is always for documents it chose to present (docs/requirements/escrow.md, "Conditions").
describe('escrow: documents from the presenter only', () => {
  const { test, accounts, sessions, call, ok, proposal, balance, fund } = useEscrowWorld();

  it("refuses the other party's upload and charges nobody; the presenter's upload charges the presenter", async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    ok(await fund(deal.id));
    const [buyers] = deal.conditions as { id: string; presenter: string }[];
    expect(buyers?.presenter).toBe('buyer');
    const documents = `/api/client/escrows/${deal.id}/conditions/${buyers?.id}/documents`;
    const decision = `/api/backoffice/escrows/${deal.id}/conditions/${buyers?.id}/decision`;
    const files = { attachments: [pngAttachment('evidence')] };
    const figures = async () => [
      await balance(accounts.buyer.ledgerAccountId),
      await balance(accounts.seller.ledgerAccountId),
      await balance(systemAccountId('EUR', 'fee_income')),
    ];
    const before = await figures();

    expectProblem(await call('POST', documents, sessions.private, files), 409, 'escrow_not_your_step');
    const stored = await test.db.query('SELECT 1 FROM escrow_documents WHERE condition_id = $1', [
      buyers?.id,
    ]);
    expect(stored).toHaveLength(0);
    const view = ok(await call('GET', `/api/client/escrows/${deal.id}`, sessions.private));
    expect(view.conditions[0]).toMatchObject({ status: 'open', documents: [] });
    expect(view.events.map((event: { kind: string }) => event.kind)).not.toContain('documents_uploaded');
    // Nothing waits for the officer, so there is nothing to charge.
    expectProblem(
      await call('POST', decision, sessions.compliance, { approve: true }),
      409,
      'escrow_wrong_status',
    );
    expect(await figures()).toEqual(before);

    ok(await call('POST', documents, sessions.business, files), 201);
    ok(await call('POST', decision, sessions.compliance, { approve: true }));
    const [buyer, seller, income] = await figures();
    expect([buyer, seller, income]).toEqual([
      (before[0] ?? 0) - 20_000,
      before[1],
      (before[2] ?? 0) + 20_000,
    ]);
  });
});
