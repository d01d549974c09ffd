import { describe, expect, it } from 'vitest';
import { deactivationPageGuard } from '../onboarding/route-guards';
import {
  approvalBlockers,
  deactivationAgeHours,
  deactivationDueAt,
  isDeactivationOverdue,
  mayRequestDeactivation,
  planClosing,
  requestBlockers,
} from './deactivation-rules';
import { rejectDeactivationSchema, requestDeactivationSchema } from './deactivation-schemas';
import { describeUnpayable, feeInclusiveAmount, planPayouts } from './payout-plan';

const RECIPIENT = '6f1c1d2e-0b7a-4b8e-9a51-2f3c4d5e6f70';
const eur = (balance: number, available = balance) => ({ id: 'a-eur', currency: 'EUR', balance, available });
const gbp = (balance: number, available = balance) => ({ id: 'a-gbp', currency: 'GBP', balance, available });

describe('the deactivation request schema', () => {
  it('takes a reason from the list and a payout choice', () => {
    const parsed = requestDeactivationSchema.parse({
      reason: 'fees_too_high',
      comment: '  too dear  ',
      payout: { kind: 'recipient', recipient_id: RECIPIENT },
    });
    expect(parsed.comment).toBe('too dear');
    expect(
      requestDeactivationSchema.safeParse({ reason: 'other', payout: { kind: 'balance_is_zero' } }).success,
    ).toBe(false);
    expect(
      requestDeactivationSchema.safeParse({
        reason: 'other',
        comment: 'moving abroad',
        payout: { kind: 'balance_is_zero' },
      }).success,
    ).toBe(true);
  });

  it('refuses unknown reasons, payout kinds, fields and over-long comments', () => {
    const bad = [
      { reason: 'bored', payout: { kind: 'balance_is_zero' } },
      { reason: 'fees_too_high', payout: { kind: 'cash' } },
      { reason: 'fees_too_high', payout: { kind: 'recipient', recipient_id: 'not-a-uuid' } },
      { reason: 'fees_too_high', payout: { kind: 'balance_is_zero' }, extra: 1 },
      { reason: 'fees_too_high', comment: 'x'.repeat(501), payout: { kind: 'balance_is_zero' } },
      { reason: 'fees_too_high' },
    ];
    for (const body of bad)
      expect(requestDeactivationSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('needs a rejection reason the client can read', () => {
    expect(rejectDeactivationSchema.safeParse({ reason: ' ' }).success).toBe(false);
    expect(rejectDeactivationSchema.safeParse({ reason: 'Payments still open' }).success).toBe(true);
  });
});

describe('who may ask and when it is due', () => {
  it('lets approved clients only ask, in any letter case', () => {
    expect(mayRequestDeactivation({ status: 'APPROVED' })).toBe(true);
    expect(mayRequestDeactivation({ status: 'approved' })).toBe(true);
    for (const status of [
      'NEW',
      'VERIFIED',
      'ON_APPROVAL',
      'REJECTED',
      'DEACTIVATION_REQUESTED',
      'DEACTIVATED',
    ])
      expect(mayRequestDeactivation({ status })).toBe(false);
  });

  it('is due 24 hours after the request and overdue only after that', () => {
    const requested = new Date('2025-03-01T10:00:00Z');
    expect(deactivationDueAt(requested).toISOString()).toBe('2025-03-02T10:00:00.000Z');
    expect(isDeactivationOverdue(requested, new Date('2025-03-02T10:00:00Z'))).toBe(false);
    expect(isDeactivationOverdue(requested, new Date('2025-03-02T10:00:01Z'))).toBe(true);
    expect(deactivationAgeHours(requested, new Date('2025-03-01T15:59:00Z'))).toBe(5);
    expect(deactivationAgeHours(requested, new Date('2025-03-01T09:00:00Z'))).toBe(0);
  });
});

describe('what blocks a request', () => {
  it('blocks open payments, held funds and money with nowhere to go', () => {
    expect(
      requestBlockers({ accounts: [eur(0), gbp(0)], openPayments: 0, payout: { kind: 'balance_is_zero' } }),
    ).toEqual([]);
    expect(requestBlockers({ accounts: [eur(0)], openPayments: 2, payout: null })).toEqual([
      'pending_payments',
    ]);
    expect(requestBlockers({ accounts: [eur(500, 300)], openPayments: 0, payout: null })).toEqual([
      'held_funds',
      'balance_without_payout',
    ]);
    expect(
      requestBlockers({ accounts: [gbp(1)], openPayments: 0, payout: { kind: 'balance_is_zero' } }),
    ).toEqual(['balance_without_payout']);
    expect(
      requestBlockers({
        accounts: [gbp(1)],
        openPayments: 0,
        payout: { kind: 'recipient', recipient_id: RECIPIENT },
      }),
    ).toEqual([]);
  });
});

describe('closing', () => {
  const fee = (amount: number) => ({ amount, currency: 'EUR' });

  it('charges the fee from the tariff currency account, never below zero, and waives the rest', () => {
    expect(planClosing([eur(1_500), gbp(0)], fee(1_000))).toEqual({
      feeCharged: 1_000,
      feeWaived: 0,
      remaining: [{ accountId: 'a-eur', currency: 'EUR', amount: 500 }],
    });
    expect(planClosing([eur(400), gbp(0)], fee(1_000))).toEqual({
      feeCharged: 400,
      feeWaived: 600,
      remaining: [],
    });
    expect(planClosing([gbp(0)], fee(1_000))).toEqual({ feeCharged: 0, feeWaived: 1_000, remaining: [] });
    expect(planClosing([eur(0), gbp(250)], fee(0))).toEqual({
      feeCharged: 0,
      feeWaived: 0,
      remaining: [{ accountId: 'a-gbp', currency: 'GBP', amount: 250 }],
    });
  });

  it('refuses approval while money is on its way or cannot be paid out, not for a payable remainder', () => {
    const payable = planPayouts(
      [{ accountId: 'a-eur', currency: 'EUR', amount: 1 }],
      { type: 'sepa' },
      () => 0,
    );
    const unpayable = planPayouts(
      [{ accountId: 'a-gbp', currency: 'GBP', amount: 1 }],
      { type: 'sepa' },
      () => 0,
    );
    expect(approvalBlockers({ accounts: [eur(1_000), gbp(0)], openPayments: 0, payouts: [] })).toEqual([]);
    expect(approvalBlockers({ accounts: [eur(1_001)], openPayments: 0, payouts: payable })).toEqual([]);
    expect(approvalBlockers({ accounts: [gbp(1)], openPayments: 0, payouts: unpayable })).toEqual([
      'balance_remains',
    ]);
    expect(approvalBlockers({ accounts: [eur(0)], openPayments: 1, payouts: [] })).toEqual([
      'pending_payments',
    ]);
    expect(approvalBlockers({ accounts: [eur(100, 0)], openPayments: 0, payouts: payable })).toEqual([
      'held_funds',
    ]);
  });
});

describe('paying out on closing', () => {
  const sepaFee = () => 35;
  // SWIFT-like: 0.2% with a minimum of 75, rounded up.
  const percentFee = (amount: number) => Math.max(75, Math.ceil((amount * 2_000) / 1_000_000));

  it('splits the balance into amount and fee that add up to it exactly', () => {
    expect(feeInclusiveAmount(1_000, sepaFee)).toEqual({ amount: 965, fee: 35 });
    expect(feeInclusiveAmount(36, sepaFee)).toEqual({ amount: 1, fee: 35 });
    expect(feeInclusiveAmount(35, sepaFee)).toBeNull();
    expect(feeInclusiveAmount(500, () => 0)).toEqual({ amount: 500, fee: 0 });
    for (const total of [76, 37_575, 1_000_000, 123_456_789, 9_007_199_254_740]) {
      const split = feeInclusiveAmount(total, percentFee);
      if (!split) throw new Error(`no split for ${total}`);
      expect(split.amount + split.fee).toBe(total);
      // The fee is the tariff's for the amount, or for one unit more when rounding leaves a unit over.
      expect(split.fee).toBeGreaterThanOrEqual(percentFee(split.amount));
      expect(split.fee).toBeLessThanOrEqual(percentFee(split.amount + 1));
    }
  });

  it('pays each account in its own currency where the recipient type allows it', () => {
    const remaining = [
      { accountId: 'a-eur', currency: 'EUR', amount: 1_000 },
      { accountId: 'a-gbp', currency: 'GBP', amount: 500 },
      { accountId: 'a-usd', currency: 'USD', amount: 0 },
    ];
    expect(planPayouts(remaining, { type: 'sepa' }, sepaFee)).toEqual([
      { accountId: 'a-eur', currency: 'EUR', total: 1_000, payable: true, amount: 965, fee: 35 },
      { accountId: 'a-gbp', currency: 'GBP', total: 500, payable: false, problem: 'currency_not_accepted' },
    ]);
    expect(planPayouts(remaining, { type: 'faster_pay' }, () => 0).map((line) => line.payable)).toEqual([
      false,
      true,
    ]);
    expect(planPayouts(remaining, { type: 'international' }, () => 75).every((line) => line.payable)).toBe(
      true,
    );
    expect(
      planPayouts(remaining, { type: 'internal', payeeCurrencies: ['GBP'] }, () => 0).map(
        (line) => line.payable,
      ),
    ).toEqual([false, true]);
    expect(planPayouts(remaining, null, () => 0).map((line) => !line.payable && line.problem)).toEqual([
      'no_recipient',
      'no_recipient',
    ]);
    expect(
      planPayouts([{ accountId: 'a-eur', currency: 'EUR', amount: 20 }], { type: 'sepa' }, sepaFee),
    ).toEqual([
      { accountId: 'a-eur', currency: 'EUR', total: 20, payable: false, problem: 'fee_exceeds_balance' },
    ]);
    expect(
      planPayouts(
        [{ accountId: 'a-gbp', currency: 'GBP', amount: 100_000_001 }],
        { type: 'faster_pay' },
        () => 0,
      ),
    ).toMatchObject([{ payable: false, problem: 'over_scheme_limit' }]);
  });

  it('names each amount that cannot be paid out and why', () => {
    const lines = planPayouts(
      [{ accountId: 'a-gbp', currency: 'GBP', amount: 250 }],
      { type: 'sepa' },
      sepaFee,
    );
    expect(describeUnpayable(lines)).toEqual([
      "2.50 GBP: the chosen recipient's payment type cannot receive this currency",
    ]);
  });
});

describe('the account-deactivation page guard', () => {
  const who = (status: string) => ({ type: 'PRIVATE' as const, status, referral_id: null });

  it('lets approved clients and those with a request under review in, sends others to the accounts', () => {
    expect(deactivationPageGuard(who('APPROVED'))).toBeNull();
    expect(deactivationPageGuard(who('DEACTIVATION_REQUESTED'))).toBeNull();
    expect(deactivationPageGuard(who('ON_APPROVAL'))).toBe('/dashboard/accounts');
    expect(deactivationPageGuard(who('NEW'))).toBe('/dashboard/accounts');
  });
});
