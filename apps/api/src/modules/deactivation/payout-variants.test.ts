import { describe, expect, it } from 'vitest';
import { checkLedgerInvariants, getAccount } from '../ledger';
import { logInDemo, swiftPayee } from '../payments/testing/payment-fixtures';
import {
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';
import { usePayoutWorld } from './testing/payout-world';

// The pay-out on closing in its other forms: an internal pay-out closes at once, SWIFT pay-outs
// from two currencies split each balance into amount and fee, and a pay-out stopped, or money
// that arrives while paying out, sends the request back.
// The requirements: docs/requirements/deactivation.md.
const { test, approve, detail, clientStatus, payoutsOf, ledgerOf, settle } = usePayoutWorld();

describe('an internal pay-out', () => {
  it('arrives at once, so the accounts close in the approval itself', async () => {
    const kim = await approvedClient(test.app, test.db, 'kim@payout.test');
    const lou = await approvedClient(test.app, test.db, 'lou@payout.test');
    await fund(test.db, kim, 'EUR', 3_000, 'kim');
    await fund(test.db, kim, 'GBP', 700, 'kim');
    const [group] = await test.db.query<{ account_number: string }>(
      'SELECT account_number FROM account_groups WHERE client_id = $1 LIMIT 1',
      [lou.id],
    );
    const recipient = await confirmedRecipient(test.app, kim, {
      type: 'internal',
      details: { name: 'Lou Internal', account_number: group?.account_number ?? '' },
    });
    await requestDeactivation(test.app, kim, { kind: 'recipient', recipient_id: recipient });
    const approved = await approve(kim.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'DEACTIVATED', request_status: 'approved' });
    const payouts = await payoutsOf(kim.id);
    expect(
      payouts.map((payment) => [payment.status, payment.amount_minor, payment.fee_minor]).sort(),
    ).toEqual([
      ['completed', 3_000, 0],
      ['completed', 700, 0],
    ]);
    expect(await ledgerOf(lou, 'EUR')).toMatchObject({ balanceMinor: 3_000 });
    expect(await ledgerOf(lou, 'GBP')).toMatchObject({ balanceMinor: 700 });
    for (const account of kim.accounts)
      expect(await getAccount(test.db, account.ledgerAccountId)).toMatchObject({
        balanceMinor: 0,
        frozen: true,
      });
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});

describe('SWIFT pay-outs from two currencies', () => {
  it('splits each balance into amount and fee that add up to it, through the FX rate for the fee', async () => {
    const max = await approvedClient(test.app, test.db, 'max@payout.test');
    await fund(test.db, max, 'EUR', 1_000_000, 'max');
    await fund(test.db, max, 'GBP', 12_345_679, 'max');
    const recipient = await confirmedRecipient(test.app, max, {
      type: 'international',
      details: swiftPayee(),
    });
    await requestDeactivation(test.app, max, { kind: 'recipient', recipient_id: recipient });
    expect((await approve(max.id)).json().data.request_status).toBe('paying_out');
    const payouts = await test.db.query<{
      currency: string;
      amount_minor: number;
      fee_minor: number;
      type: string;
    }>(
      'SELECT currency, amount_minor, fee_minor, type FROM payments WHERE client_id = $1 ORDER BY currency',
      [max.id],
    );
    expect(payouts.map((payment) => [payment.currency, payment.amount_minor + payment.fee_minor])).toEqual([
      ['EUR', 1_000_000],
      ['GBP', 12_345_679],
    ]);
    // 0.2% with a minimum of 75 EUR: the minimum applies to 10 000 EUR.
    expect(payouts[0]).toMatchObject({ type: 'international', amount_minor: 992_500, fee_minor: 7_500 });
    expect(payouts[1]?.fee_minor).toBeGreaterThan(7_500 * 0.5);
    await settle();
    expect(await clientStatus(max.id)).toBe('DEACTIVATED');
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});

describe('while paying out', () => {
  const start = async (email: string) => {
    const client = await approvedClient(test.app, test.db, email);
    await fund(test.db, client, 'EUR', 5_000, 'start');
    const recipient = await confirmedRecipient(test.app, client);
    await requestDeactivation(test.app, client, { kind: 'recipient', recipient_id: recipient });
    expect((await approve(client.id)).json().data.request_status).toBe('paying_out');
    return client;
  };

  it('a pay-out stopped by operations before it leaves reopens the review with the money back', async () => {
    const ned = await start('ned@payout.test');
    const [payout] = await payoutsOf(ned.id);
    const voided = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/payments/${payout?.id}/void`,
      headers: (await logInDemo(test.app, 'payments@demo.test', true)).headers,
      payload: { reason: 'Checking the recipient' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await ledgerOf(ned, 'EUR')).toMatchObject({ balanceMinor: 5_000, availableMinor: 5_000 });
    const back = await detail(ned.id);
    expect(back.status).toBe('pending');
    expect(back.payout_note).toContain('was cancelled');
  });

  it('money that arrives meanwhile sends the request back for another pay-out instead of closing', async () => {
    const ola = await start('ola@payout.test');
    await fund(test.db, ola, 'EUR', 250, 'late-credit');
    await settle();
    expect((await payoutsOf(ola.id))[0]?.status).toBe('completed');
    expect(await ledgerOf(ola, 'EUR')).toMatchObject({ balanceMinor: 250, frozen: false });
    const back = await detail(ola.id);
    expect(back).toMatchObject({ status: 'pending', blockers: ['balance_remains'] });
    expect(back.payout_note).toContain('Money arrived');
    expect(await clientStatus(ola.id)).toBe('DEACTIVATION_REQUESTED');
  });
});
