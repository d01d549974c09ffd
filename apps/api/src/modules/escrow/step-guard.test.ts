import { describe, expect, it } from 'vitest';
import { expectProblem, pngAttachment } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount, systemAccountId } from '../ledger';
import { useEscrowWorld } from './testing/escrow-world';

// Every escrow step takes an Idempotency-Key and replays its first answer (docs/requirements/escrow.md,
// "Retries"): a retry whose answer was lost gets that answer again, and nothing is created, booked or
// recorded twice; a missing key is a 400, the key on another request a 422.
describe('escrow: retries of every step', () => {
  const world = useEscrowWorld();
  const { test, accounts, sessions, call, ok, proposal, balance, escrowBalance, heldByDeals, fund } = world;
  type Session = typeof sessions.business;

  /** The step sent twice under one key: the second answer is the first, marked as a replay. */
  async function twice(url: string, session: Session, body: unknown, key: string, status = 200) {
    const first = await call('POST', url, session, body, key);
    expect(first.statusCode, first.body).toBe(status);
    const again = await call('POST', url, session, body, key);
    expect(again.statusCode).toBe(status);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    return first.json().data;
  }
  const count = async (sql: string, values: unknown[]) =>
    (await test.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values))[0]?.n;
  const steps = (dealId: string, kind: string) =>
    count('escrow_events WHERE deal_id = $1 AND kind = $2', [dealId, kind]);

  it('proposes one deal per key, and refuses a missing key or a key reused for another deal', async () => {
    const title = `Retried proposal ${Date.now()}`;
    const body = proposal({ title });
    expectProblem(
      await call('POST', '/api/client/escrows', sessions.business, body, null),
      400,
      'idempotency_key_missing',
    );
    const deal = await twice('/api/client/escrows', sessions.business, body, 'propose-1', 201);
    expect(await count('escrow_deals WHERE title = $1', [title])).toBe(1);
    expectProblem(
      await call(
        'POST',
        '/api/client/escrows',
        sessions.business,
        { ...body, amount: 2_000_000 },
        'propose-1',
      ),
      422,
      'idempotency_key_reused',
    );
    // Another client's equal key is another request.
    const theirs = proposal({ title, role: 'seller', counterparty: { email: 'business@demo.test' } });
    ok(await call('POST', '/api/client/escrows', sessions.private, theirs, 'propose-1'), 201);
    expect(await count('escrow_deals WHERE title = $1', [title])).toBe(2);
    // A retry of an answered proposal gets its first answer; a new attempt is refused as before.
    const accept = `/api/client/escrows/${deal.id}/accept`;
    expectProblem(await call('POST', accept, sessions.private, {}, null), 400, 'idempotency_key_missing');
    expect((await twice(accept, sessions.private, {}, 'accept-1')).status).toBe('accepted');
    expectProblem(await call('POST', accept, sessions.private, {}), 409, 'escrow_wrong_status');
    expect(await steps(deal.id, 'accepted')).toBe(1);
    const declined = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    const decline = `/api/client/escrows/${declined.id}/decline`;
    expect((await twice(decline, sessions.private, {}, 'decline-1')).status).toBe('declined');
    const cancelled = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    const cancel = `/api/client/escrows/${cancelled.id}/cancel`;
    expect((await twice(cancel, sessions.business, {}, 'cancel-1')).status).toBe('cancelled');
  });

  it('uploads, decides, disputes, agrees and pays out once per key, each fee charged once', async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    ok(await fund(deal.id));
    const [mine] = deal.conditions as { id: string; presenter: string }[];
    const documents = `/api/client/escrows/${deal.id}/conditions/${mine?.id}/documents`;
    const files = { attachments: [pngAttachment('evidence')] };
    expectProblem(
      await call('POST', documents, sessions.business, files, null),
      400,
      'idempotency_key_missing',
    );
    await twice(documents, sessions.business, files, 'documents-1', 201);
    expect(await count('escrow_documents WHERE condition_id = $1', [mine?.id])).toBe(1);

    const decision = `/api/backoffice/escrows/${deal.id}/conditions/${mine?.id}/decision`;
    const buyerBefore = await balance(accounts.buyer.ledgerAccountId);
    expectProblem(
      await call('POST', decision, sessions.compliance, { approve: true }, null),
      400,
      'idempotency_key_missing',
    );
    const decided = await twice(decision, sessions.compliance, { approve: true }, 'decision-1');
    expect(decided.conditions[0].status).toBe('met');
    expect(await balance(accounts.buyer.ledgerAccountId)).toBe(buyerBefore - 20_000);
    expectProblem(
      await call('POST', decision, sessions.compliance, { approve: false, reason: 'x' }, 'decision-1'),
      422,
      'idempotency_key_reused',
    );

    const dispute = `/api/client/escrows/${deal.id}/dispute`;
    expect((await twice(dispute, sessions.private, { reason: 'Late' }, 'dispute-1')).status).toBe('disputed');
    expect(await steps(deal.id, 'disputed')).toBe(1);
    const refundCode = await world.codeFor(deal.id, sessions.business, { step: 'refund_agreement' });
    const agree = `/api/client/escrows/${deal.id}/refund_agreement`;
    expectProblem(
      await call('POST', agree, sessions.business, { code: refundCode }, null),
      400,
      'idempotency_key_missing',
    );
    await twice(agree, sessions.business, { code: refundCode }, 'agree-1');

    const proposals = `/api/backoffice/escrows/${deal.id}/proposals`;
    const refund = { action: 'refund', reason: 'Disputed' };
    const proposed = await twice(proposals, sessions.payments, refund, 'proposal-1', 201);
    expect(proposed.proposals).toHaveLength(1);
    const approve = `${proposals}/${proposed.proposals[0].id}/approve`;
    const buyerHeld = await balance(accounts.buyer.ledgerAccountId);
    expect((await twice(approve, sessions.compliance, {}, 'approve-1')).status).toBe('refunded');
    expect(await balance(accounts.buyer.ledgerAccountId)).toBe(buyerHeld + 1_000_000);
    expect(await steps(deal.id, 'refunded')).toBe(1);
    expect(await escrowBalance()).toBe(await heldByDeals());
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it("asks for, declines and withdraws a change once per key, the requester's fee held once", async () => {
    const deal = ok(await call('POST', '/api/client/escrows', sessions.business, proposal()), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    const changes = `/api/client/escrows/${deal.id}/changes`;
    const body = { deadline: world.inDays(45), reason: 'Later' };
    const available = async () =>
      (await getAccount(test.db, accounts.seller.ledgerAccountId))?.availableMinor ?? 0;
    const before = await available();
    const asked = await twice(changes, sessions.private, body, 'change-1', 201);
    expect(asked.changes).toHaveLength(1);
    expect(await available()).toBe(before - 5_000);
    const decline = `${changes}/${asked.changes[0].id}/decline`;
    expect((await twice(decline, sessions.business, {}, 'change-decline-1')).changes[0].status).toBe(
      'declined',
    );
    const again = ok(await call('POST', changes, sessions.private, body), 201);
    const withdraw = `${changes}/${again.changes[1].id}/withdraw`;
    expect((await twice(withdraw, sessions.private, {}, 'withdraw-1')).changes[1].status).toBe('withdrawn');
    expect(await count('escrow_changes WHERE deal_id = $1', [deal.id])).toBe(2);
  });

  it('names the Idempotency-Key in the OpenAPI document of every step', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { parameters?: { in: string; name: string }[] } }>;
    };
    const steps = Object.entries(document.paths).filter(
      ([path, item]) =>
        path.includes('/escrows') && item.post && !path.endsWith('/code') && !path.includes('/dev/'),
    );
    expect(steps.length).toBe(16);
    const without = steps
      .filter(
        ([, item]) => !item.post?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
      )
      .map(([path]) => path);
    expect(without).toEqual([]);
  });

  it('books once when the same request is sent twice at the same moment', async () => {
    const title = `Concurrent proposal ${Date.now()}`;
    const body = proposal({ title });
    const proposed = await Promise.all(
      [1, 2].map(() => call('POST', '/api/client/escrows', sessions.business, body, 'propose-race')),
    );
    expect(proposed.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(proposed[0]?.json()).toEqual(proposed[1]?.json());
    expect(await count('escrow_deals WHERE title = $1', [title])).toBe(1);

    const deal = proposed[0]?.json().data as { id: string; conditions: { id: string }[] };
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    ok(await fund(deal.id));
    const condition = deal.conditions[0]?.id;
    ok(
      await call(
        'POST',
        `/api/client/escrows/${deal.id}/conditions/${condition}/documents`,
        sessions.business,
        {
          attachments: [pngAttachment('evidence')],
        },
      ),
      201,
    );
    const income = await balance(systemAccountId('EUR', 'fee_income'));
    const decision = `/api/backoffice/escrows/${deal.id}/conditions/${condition}/decision`;
    const decided = await Promise.all(
      [1, 2].map(() => call('POST', decision, sessions.compliance, { approve: true }, 'decision-race')),
    );
    expect(decided.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(decided[0]?.json()).toEqual(decided[1]?.json());
    expect(await balance(systemAccountId('EUR', 'fee_income'))).toBe(income + 20_000);
    expect(await steps(deal.id, 'condition_met')).toBe(1);
  });
});
