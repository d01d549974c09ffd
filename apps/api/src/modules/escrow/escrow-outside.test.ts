import { describe, expect, it } from 'vitest';
import { expectProblem, pngAttachment } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount, getTransfer, systemAccountId } from '../ledger';
import { useEscrowWorld } from './testing/escrow-world';

// Escrow deals with a seller outside the institution, in another currency, and funded by an
// incoming payment carrying the deal's reference (docs/requirements/escrow.md).
describe('escrow: outside sellers, other currencies, funding by transfer', () => {
  // The incoming payments here fund deals: above one operator's 24-hour limit they would wait for
  // a second operator (docs/incoming-money.md), which is not what these tests are about.
  const world = useEscrowWorld({ MANUAL_CREDIT_APPROVAL_THRESHOLD_MINOR: '100000000' });
  const { test, accounts, sessions, call, ok, proposal, balance, escrowBalance, heldByDeals, fund } = world;
  const outside = { name: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00' };
  const propose = (overrides: Record<string, unknown>) =>
    call('POST', '/api/client/escrows', sessions.business, proposal(overrides));
  const buyerOnly = [{ description: 'Delivery note', presenter: 'buyer' }];
  const ledgerHolds = async () => (await checkLedgerInvariants(test.db)).ok;

  it('takes an outside seller by name and IBAN only from a buyer, checked like a payee', async () => {
    const bad = (counterparty: unknown, more: Record<string, unknown> = {}) =>
      propose({ counterparty, conditions: buyerOnly, ...more });
    expectProblem(
      await bad({ outside: { ...outside, iban: 'DE89370400440532013001' } }),
      422,
      'iban_checksum_invalid',
    );
    expectProblem(await bad({ outside }, { role: 'seller' }), 422, 'escrow_invalid');
    expectProblem(
      await bad({ outside }, { conditions: [{ description: 'Note', presenter: 'seller' }] }),
      422,
      'escrow_invalid',
    );
    // A client of ours is named by account number, never as an outsider.
    expectProblem(await bad({ outside: { ...outside, iban: accounts.seller.iban } }), 422, 'escrow_invalid');
    // GBP goes by SWIFT, which needs the bank's details.
    expectProblem(await bad({ outside }, { currency: 'GBP' }), 422, 'escrow_invalid');
    expect((await bad({ outside: { name: 'X' } })).statusCode).toBe(400);
    // A client of ours by the IBAN of their account group.
    const byIban = ok(await propose({ counterparty: { account_number: accounts.seller.iban } }), 201);
    expect(byIban).toMatchObject({
      seller_name: expect.any(String),
      outside_seller: null,
      status: 'proposed',
    });
  });

  it('needs no acceptance, and pays the outside seller on release by a SEPA payment out of escrow', async () => {
    const deal = ok(await propose({ counterparty: { outside }, conditions: buyerOnly }), 201);
    expect(deal).toMatchObject({
      status: 'accepted',
      seller_name: 'Erika Mustermann',
      outside_seller: { name: 'Erika Mustermann', iban: 'DE89370400440532013000', paid_by: 'sepa' },
    });
    ok(await fund(deal.id));
    const condition = deal.conditions[0].id;
    ok(
      await call(
        'POST',
        `/api/client/escrows/${deal.id}/conditions/${condition}/documents`,
        sessions.business,
        {
          attachments: [pngAttachment('note')],
        },
      ),
      201,
    );
    ok(
      await call(
        'POST',
        `/api/backoffice/escrows/${deal.id}/conditions/${condition}/decision`,
        sessions.compliance,
        { approve: true },
      ),
    );
    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, {
        action: 'release',
        reason: 'Met',
      }),
      201,
    );
    const escrowPostedBefore =
      (await getAccount(test.db, systemAccountId('EUR', 'escrow')))?.balanceMinor ?? 0;
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposed.proposals[0].id}/approve`;
    const released = ok(await call('POST', approve, sessions.compliance, {}));
    expect(released).toMatchObject({ status: 'released', held: 0, payout_payment_id: expect.any(String) });
    const [payment] = await test.db.query<Record<string, unknown>>(
      'SELECT status, rail, ledger_account_id, amount_minor::float8 AS amount, fee_minor::float8 AS fee, escrow_deal_id FROM payments WHERE id = $1',
      [released.payout_payment_id],
    );
    expect(payment).toMatchObject({
      status: 'processing',
      rail: 'sepa',
      ledger_account_id: systemAccountId('EUR', 'escrow'),
      amount: 1_000_000,
      fee: 0,
      escrow_deal_id: deal.id,
    });
    // One ledger call: the amount held on its way to the SEPA rail, posted when the rail settles it.
    expect(
      (await getTransfer(test.db, `payment:${payment?.id ?? released.payout_payment_id}:hold`))?.kind,
    ).toBe('pending');
    expect(await escrowBalance()).toBe(await heldByDeals());
    // The buyer cannot stop the escrow desk's payment.
    expectProblem(
      await call(
        'POST',
        `/api/client/payments/${released.payout_payment_id}/cancel`,
        sessions.business,
        {},
        'c-1',
      ),
      409,
      'payment_not_cancellable',
    );
    ok(
      await call('POST', '/api/backoffice/payment-rails/simulator/run', sessions.payments, {
        settle_now: true,
      }),
    );
    const [settled] = await test.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [
      released.payout_payment_id,
    ]);
    expect(settled?.status).toBe('completed');
    const escrowPostedAfter =
      (await getAccount(test.db, systemAccountId('EUR', 'escrow')))?.balanceMinor ?? 0;
    expect(escrowPostedBefore - escrowPostedAfter).toBe(1_000_000);
    expect(await escrowBalance()).toBe(await heldByDeals());
    expect(await ledgerHolds()).toBe(true);
  });

  it('holds a released deal in escrow again when the payment to the outside seller comes back', async () => {
    const seller = { name: 'RETURN Trading', iban: 'FR1420041010050500013M02606' };
    const deal = ok(
      await propose({ counterparty: { outside: seller }, conditions: buyerOnly, amount: 400_000 }),
      201,
    );
    ok(await fund(deal.id));
    const condition = deal.conditions[0].id;
    const documents = `/api/client/escrows/${deal.id}/conditions/${condition}/documents`;
    ok(await call('POST', documents, sessions.business, { attachments: [pngAttachment('note')] }), 201);
    const decision = `/api/backoffice/escrows/${deal.id}/conditions/${condition}/decision`;
    ok(await call('POST', decision, sessions.compliance, { approve: true }));
    const release = { action: 'release', reason: 'Met' };
    const proposed = ok(
      await call('POST', `/api/backoffice/escrows/${deal.id}/proposals`, sessions.payments, release),
      201,
    );
    const approve = `/api/backoffice/escrows/${deal.id}/proposals/${proposed.proposals[0].id}/approve`;
    const released = ok(await call('POST', approve, sessions.compliance, {}));
    ok(
      await call('POST', '/api/backoffice/payment-rails/simulator/run', sessions.payments, {
        settle_now: true,
      }),
    );
    const back = ok(await call('GET', `/api/client/escrows/${deal.id}`, sessions.business));
    expect(back).toMatchObject({ status: 'funded', held: 400_000, payout_payment_id: null });
    expect(back.events.at(-1)).toMatchObject({ kind: 'release_returned', actor: 'system' });
    const [payment] = await test.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [
      released.payout_payment_id,
    ]);
    expect(payment?.status).toBe('returned');
    expect(await escrowBalance()).toBe(await heldByDeals());
    expect(await ledgerHolds()).toBe(true);
  });

  it('holds a deal in any currency the proposer holds, its EUR fees converted at the reference rate, rounded down', async () => {
    expectProblem(await propose({ currency: 'CHF' }), 422, 'escrow_invalid');
    expectProblem(await propose({ currency: 'XYZ' }), 422, 'escrow_invalid');
    const deal = ok(await propose({ currency: 'GBP', amount: 1_000_000 }), 201);
    expect(deal.fee_rate).toMatch(/^\d+(\.\d+)?$/);
    const [whole, fraction = ''] = (deal.fee_rate as string).split('.');
    const num = BigInt(`${whole}${fraction}`);
    const den = 10n ** BigInt(fraction.length);
    const converted = (eur: number) => Number((BigInt(eur) * num) / den);
    // 1% of 10,000.00 GBP is 100.00, below 200.00 EUR converted: the converted minimum applies.
    expect(deal.fees).toEqual([
      { kind: 'opening', amount: Math.max(converted(20_000), 10_000), payer: 'buyer', per: 'deal' },
      { kind: 'servicing', amount: 0, payer: 'buyer', per: 'deal' },
      { kind: 'document_verification', amount: converted(20_000), payer: 'presenter', per: 'condition' },
      { kind: 'change', amount: converted(5_000), payer: 'requester', per: 'change' },
    ]);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    expectProblem(await fund(deal.id, accounts.buyer.id, `eur-${deal.id}`), 422, 'escrow_invalid');
    const before = await balance(accounts.buyerGbp.ledgerAccountId);
    const funded = ok(await fund(deal.id, accounts.buyerGbp.id));
    expect(funded.funding_total).toBe(1_000_000 + deal.fees[0].amount);
    expect(await balance(accounts.buyerGbp.ledgerAccountId)).toBe(before - funded.funding_total);
    expect(await escrowBalance('GBP')).toBe(await heldByDeals('GBP'));
    expect(await ledgerHolds()).toBe(true);
  });

  it('funds an accepted deal from an incoming payment naming its reference, in one ledger call', async () => {
    const deal = ok(await propose({ amount: 50_000 }), 201);
    ok(await call('POST', `/api/client/escrows/${deal.id}/accept`, sessions.private));
    // 500.00 plus the 200.00 minimum opening fee.
    expect(deal.funding_total).toBe(70_000);
    const incoming = (amount: number, bankReference: string, remittance: string) =>
      call(
        'POST',
        '/api/backoffice/incoming_payments',
        sessions.payments,
        {
          iban: accounts.buyer.iban,
          currency: 'EUR',
          amount,
          rail: 'sepa',
          payer_name: 'Contoso GmbH',
          payer_country: 'DE',
          bank_reference: bankReference,
          remittance,
        },
        bankReference,
      );
    // Short of amount plus fees: an ordinary credit, the deal still waits.
    ok(await incoming(69_999, 'ESC-SHORT-1', `Escrow ${deal.reference}`), 201);
    expect(ok(await call('GET', `/api/client/escrows/${deal.id}`, sessions.business)).status).toBe(
      'accepted',
    );
    const before = await balance(accounts.buyer.ledgerAccountId);
    const recorded = ok(
      await incoming(75_000, 'ESC-FUND-1', `deal ${deal.reference.toLowerCase()} thanks`),
      201,
    );
    const after = ok(await call('GET', `/api/client/escrows/${deal.id}`, sessions.business));
    expect(after).toMatchObject({
      status: 'funded',
      held: 50_000,
      funded_by_incoming_payment: true,
      fees_paid: 20_000,
    });
    // What the payment carried beyond amount and fees stays with the buyer, less the incoming fee.
    expect(await balance(accounts.buyer.ledgerAccountId)).toBe(before + 75_000 - 70_000 - recorded.fee);
    const credit = await getTransfer(test.db, 'in:bo-ESC-FUND-1:credit');
    const funding = await getTransfer(test.db, `escrow:${deal.id}:fund`);
    expect(credit?.linked).toBe(true);
    expect(funding?.debitAccountId).toBe(accounts.buyer.ledgerAccountId);
    expect(after.events.at(-1)).toMatchObject({ kind: 'funded', actor: 'system' });
    expect(await escrowBalance()).toBe(await heldByDeals());
    expect(await ledgerHolds()).toBe(true);
  });
});
