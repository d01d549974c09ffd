import { describe, expect, it, vi } from 'vitest';
import { expectProblem, logIn, signUpAndConfirm } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, freezeAccount, unfreezeAccount } from '../ledger';
import { ALICE, BOB, useBadInputWorld } from './testing/bad-input-world';
import { balanceOf, latestCode, openFundedAccount } from './testing/payment-fixtures';

// Bad inputs 11, 13 and 14 as fixed regression cases for payments and recipients: frozen
// accounts, clients that are not approved, another client's recipient and expired codes. Every
// refusal is checked twice: its status and code, and that nothing was written.
// The requirements: docs/requirements/payments.md.
const {
  test,
  accounts,
  sessions,
  sepaPayee,
  sepaBody,
  pay,
  addRecipient,
  confirmPayment,
  confirmRecipient,
  expectRefused,
  ledgerTransfersOf,
} = useBadInputWorld();

describe('state and ownership (bad inputs 11, 13 and 14)', () => {
  it('refuses to pay from a frozen account, when created and when confirmed', async () => {
    const account = await openFundedAccount(test.db, ALICE, 'GBP', 10_000);
    const fasterPay = {
      type: 'faster_pay',
      account_id: account.id,
      amount: 500,
      currency: 'GBP',
      recipient: { name: 'Tom Jones', sort_code: '200000', account_number: '55779911' },
    };
    const freeze = { accountId: account.ledgerAccountId, reason: 'Fraud check', actor: 'test' };
    // Created before the freeze, confirmed after it: no hold, no rail row, the code still good.
    const created = await pay(sessions.alice, fasterPay);
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data;
    const code = await latestCode(test.app, ALICE);
    expect((await freezeAccount(test.db, freeze)).ok).toBe(true);
    const before = await balanceOf(test.db, account);
    await expectRefused(() => confirmPayment(sessions.alice, payment.id, code), 409, 'account_frozen');
    expect(await ledgerTransfersOf(payment.id)).toEqual([]);
    expect(await balanceOf(test.db, account)).toEqual(before);
    // A new payment from it is refused at once, before a code is sent.
    await expectRefused(() => pay(sessions.alice, fasterPay), 409, 'account_frozen');
    await expectRefused(
      () =>
        pay(sessions.alice, {
          ...fasterPay,
          type: 'internal',
          recipient: { name: 'Bob', account_number: accounts.bobEur.iban },
        }),
      409,
      'account_frozen',
    );

    expect((await unfreezeAccount(test.db, freeze)).ok).toBe(true);
    const confirmed = await confirmPayment(sessions.alice, payment.id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('processing');
  });

  it('refuses clients that are not approved', async () => {
    await signUpAndConfirm(test.app, 'not-approved@example.test');
    const newcomer = await logIn(test.app, 'not-approved@example.test');
    await expectRefused(() => pay(newcomer, sepaBody()), 409, 'client_not_approved');
    await expectRefused(
      () => addRecipient(newcomer, { type: 'sepa', details: sepaPayee() }),
      409,
      'client_not_approved',
    );
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/client/payments',
      headers: newcomer.headers,
    });
    expectProblem(list, 409, 'client_not_approved');

    // An approved client whose status changes (a closing requested) can no longer pay, even
    // a payment created before, with its code.
    const created = await pay(sessions.bob, { ...sepaBody(), account_id: accounts.bobEur.id });
    expect(created.statusCode, created.body).toBe(201);
    const code = await latestCode(test.app, BOB);
    await test.db.query(`UPDATE clients SET status = 'DEACTIVATION_REQUESTED' WHERE email = $1`, [BOB]);
    try {
      await expectRefused(
        () => pay(sessions.bob, { ...sepaBody(), account_id: accounts.bobEur.id }),
        409,
        'client_not_approved',
      );
      await expectRefused(
        () => confirmPayment(sessions.bob, created.json().data.id, code),
        409,
        'client_not_approved',
      );
      expect(await ledgerTransfersOf(created.json().data.id)).toEqual([]);
    } finally {
      await test.db.query(`UPDATE clients SET status = 'APPROVED' WHERE email = $1`, [BOB]);
    }
  });

  it('answers 404 when client B confirms, reads or pays with client A’s recipient', async () => {
    const added = await addRecipient(sessions.alice, {
      type: 'sepa',
      details: sepaPayee({ name: 'Alice Payee' }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const recipient = added.json().data;
    const code = await latestCode(test.app, ALICE);
    // Even Alice's own, correct code does not let Bob confirm it, and his try costs her nothing.
    await expectRefused(() => confirmRecipient(sessions.bob, recipient.id, code), 404);
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/client/recipients/${recipient.id}`,
      headers: sessions.bob.headers,
    });
    expectProblem(read, 404);
    expect(read.body).not.toContain('Alice Payee');
    const confirmed = await confirmRecipient(sessions.alice, recipient.id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const bobsPayment = { type: 'sepa', account_id: accounts.bobEur.id, amount: 100, currency: 'EUR' };
    await expectRefused(() => pay(sessions.bob, { ...bobsPayment, recipient_id: recipient.id }), 404);
    // A well-formed id that exists nowhere is the same 404.
    await expectRefused(
      () => confirmRecipient(sessions.bob, '7b0c9a52-3c55-4bd1-9a0e-0f2d6c8a9b11', '123456'),
      404,
    );
  });

  it('refuses an expired payment code (injected clock), keeping the money where it was', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const created = await pay(sessions.alice, sepaBody({ amount: 4_200 }));
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data;
    expect(payment.sca.expires_at).toBe(at(300).toISOString());
    const code = await latestCode(test.app, ALICE);
    const before = await balanceOf(test.db, accounts.aliceEur);
    // The session stays alive (idle under five minutes); only the code runs out.
    vi.setSystemTime(at(240));
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${payment.id}`,
      headers: sessions.alice.headers,
    });
    expect(read.json().data.sca).not.toBeNull();
    vi.setSystemTime(at(300));
    await expectRefused(() => confirmPayment(sessions.alice, payment.id, code), 422, 'sca_code_invalid');
    expect(await ledgerTransfersOf(payment.id)).toEqual([]);
    expect(await balanceOf(test.db, accounts.aliceEur)).toEqual(before);
    const after = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${payment.id}`,
      headers: sessions.alice.headers,
    });
    expect(after.json().data).toMatchObject({ status: 'awaiting_confirmation', sca: null });
  });

  it('refuses an expired recipient code (injected clock)', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const added = await addRecipient(sessions.alice, {
      type: 'sepa',
      // Another account than Alice Payee's above: a client saves each account once.
      details: sepaPayee({ name: 'Late Payee', iban: 'FR1420041010050500013M02606' }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const code = await latestCode(test.app, ALICE);
    vi.setSystemTime(at(240));
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/client/recipients',
      headers: sessions.alice.headers,
    });
    expect(list.statusCode).toBe(200);
    vi.setSystemTime(at(301));
    await expectRefused(
      () => confirmRecipient(sessions.alice, added.json().data.id, code),
      422,
      'sca_code_invalid',
    );
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/client/recipients/${added.json().data.id}`,
      headers: sessions.alice.headers,
    });
    expect(read.json().data).toMatchObject({ status: 'pending_confirmation', sca: null });
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
