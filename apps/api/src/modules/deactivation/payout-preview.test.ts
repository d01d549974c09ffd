import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { swiftPayee } from '../payments/testing/payment-fixtures';
import {
  type ApprovedClient,
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';
import { useDeactivationRoutesWorld } from './testing/deactivation-routes-world';

// GET /api/client/deactivation/payout_plan (docs/requirements/deactivation.md): before asking, the
// client sees what closing takes and pays out to the recipient chosen, planned by the code the
// approval runs, so the pay-out the operator's approval makes is the one shown.
const { test, sessions, decide } = useDeactivationRoutesWorld();

const plan = (client: ApprovedClient, recipientId: string) =>
  test.app.inject({
    method: 'GET',
    url: `/api/client/deactivation/payout_plan?recipient_id=${recipientId}`,
    headers: client.session.headers,
  });

describe('the pay-out plan shown before closing', () => {
  let pia: ApprovedClient;
  let sepa: string;

  beforeAll(async () => {
    pia = await approvedClient(test.app, test.db, 'pia@payout-plan.test');
    await fund(test.db, pia, 'EUR', 5_000, 'pia');
    await fund(test.db, pia, 'GBP', 2_500, 'pia');
    sepa = await confirmedRecipient(test.app, pia);
  });

  it('shows the closing fee and, per account, the pay-out fee and what arrives, or why it cannot', async () => {
    const response = await plan(pia, sepa);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.closing_fee).toEqual({ amount: 0, currency: 'EUR' });
    const byCurrency = Object.fromEntries(
      data.payout_plan.map((line: { currency: string }) => [line.currency, line]),
    );
    // The SEPA fee of the tariff comes out of the 50.00 EUR paid out.
    expect(byCurrency.EUR).toMatchObject({ total: 5_000, amount: 4_500, fee: 500, problem: null });
    expect(byCurrency.GBP).toMatchObject({
      total: 2_500,
      amount: null,
      fee: null,
      problem: 'currency_not_accepted',
    });
  });

  it('prices a SWIFT recipient in each currency, and says when its fee would take everything', async () => {
    const swift = await confirmedRecipient(test.app, pia, { type: 'international', details: swiftPayee() });
    type Line = { total: number; amount: number; fee: number; problem: string | null };
    const lines = async () => (await plan(pia, swift)).json().data.payout_plan as Line[];
    // The SWIFT minimum (75.00 EUR, or its equivalent) is more than either balance.
    expect((await lines()).map((line) => line.problem)).toEqual([
      'fee_exceeds_balance',
      'fee_exceeds_balance',
    ]);
    await fund(test.db, pia, 'EUR', 1_000_000, 'pia-more');
    await fund(test.db, pia, 'GBP', 1_000_000, 'pia-more');
    const priced = await lines();
    expect(priced).toHaveLength(2);
    for (const line of priced) {
      expect(line.problem).toBeNull();
      expect(line.amount + line.fee).toBe(line.total);
      expect(line.fee).toBeGreaterThan(0);
    }
  });

  it('is what the approval then pays out', async () => {
    const gbpOut = await confirmedRecipient(test.app, pia, {
      type: 'international',
      // Another account than the SWIFT recipient above: a client saves each account once.
      details: swiftPayee({ name: 'Pia Abroad', account_number: '987654321' }),
    });
    const shown = (await plan(pia, gbpOut)).json().data.payout_plan as {
      currency: string;
      amount: number;
      fee: number;
    }[];
    await requestDeactivation(test.app, pia, { kind: 'recipient', recipient_id: gbpOut });
    const approved = await decide(sessions.compliance, pia.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await test.db.query<{ currency: string; amount_minor: number; fee_minor: number }>(
      'SELECT currency, amount_minor, fee_minor FROM payments WHERE client_id = $1 ORDER BY currency',
      [pia.id],
    );
    expect(
      paid.map((row) => ({ currency: row.currency, amount: row.amount_minor, fee: row.fee_minor })),
    ).toEqual(
      shown
        .map((line) => ({ currency: line.currency, amount: line.amount, fee: line.fee }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    );
  });

  it('refuses another client’s recipient and a malformed id, and is empty with nothing to pay out', async () => {
    const quinn = await approvedClient(test.app, test.db, 'quinn@payout-plan.test');
    const own = await confirmedRecipient(test.app, quinn);
    expectProblem(await plan(quinn, sepa), 404, 'not_found');
    expectProblem(await plan(quinn, 'not-a-uuid'), 400, 'validation_failed');
    const empty = await plan(quinn, own);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.payout_plan).toEqual([]);
  });
});
