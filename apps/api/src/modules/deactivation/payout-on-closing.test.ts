import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount } from '../ledger';
import { PAYOUT_DESCRIPTION } from './payout-payments';
import {
  type ApprovedClient,
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';

import { usePayoutWorld } from './testing/payout-world';

// The pay-out on closing, end to end through the back-office route and the clearing simulator:
// approving with money left pays it out (fee-inclusive, from each account to the chosen
// recipient) and the accounts close when it arrives; a pay-out that comes back puts the request
// back in review with the money.
// The requirements: docs/requirements/deactivation.md.
const { test, sessions, approve, detail, clientStatus, payoutsOf, ledgerOf, settle } = usePayoutWorld();

describe('approving with money left', () => {
  let ivy: ApprovedClient;

  beforeAll(async () => {
    ivy = await approvedClient(test.app, test.db, 'ivy@payout.test');
    await fund(test.db, ivy, 'EUR', 10_000, 'ivy');
    const recipient = await confirmedRecipient(test.app, ivy);
    await requestDeactivation(test.app, ivy, { kind: 'recipient', recipient_id: recipient });
  });

  it('shows the operator the pay-out it would make', async () => {
    const before = await detail(ivy.id);
    expect(before.blockers).toEqual([]);
    expect(before.payout_plan).toEqual([
      expect.objectContaining({ currency: 'EUR', total: 10_000, amount: 9_500, fee: 500, problem: null }),
    ]);
  });

  it('pays the whole balance out, fee included, holds it and ends the client’s sessions', async () => {
    const approved = await approve(ivy.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'DEACTIVATION_REQUESTED',
      request_status: 'paying_out',
    });
    const [payout, ...others] = await payoutsOf(ivy.id);
    expect(others).toHaveLength(0);
    expect(payout).toMatchObject({
      status: 'processing',
      type: 'sepa',
      amount_minor: 9_500,
      fee_minor: 500,
      description: PAYOUT_DESCRIPTION,
      deactivation_request_id: approved.json().data.request_id,
    });
    expect(await ledgerOf(ivy, 'EUR')).toMatchObject({
      balanceMinor: 10_000,
      availableMinor: 0,
      frozen: false,
    });
    expect(await clientStatus(ivy.id)).toBe('DEACTIVATION_REQUESTED');
    const view = await test.app.inject({
      method: 'GET',
      url: '/api/client/deactivation',
      headers: ivy.session.headers,
    });
    expect(view.statusCode).toBe(401);
    const notices = await test.db.query(
      `SELECT 1 FROM client_notifications WHERE client_id = $1 AND kind = 'deactivation_paying_out'`,
      [ivy.id],
    );
    expect(notices).toHaveLength(1);
    expect((await detail(ivy.id)).status).toBe('paying_out');
  });

  it('answers a retried approval the same, without a second pay-out; a rejection is refused', async () => {
    const retried = await approve(ivy.id);
    expect(retried.json().data).toMatchObject({ request_status: 'paying_out' });
    expect(await payoutsOf(ivy.id)).toHaveLength(1);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/backoffice/deactivations/${ivy.id}/reject`,
        headers: sessions.compliance.headers,
        payload: { reason: 'Changed our mind' },
      }),
      409,
      'deactivation_paying_out',
    );
  });

  it('closes the accounts when the rail settles the pay-out', async () => {
    await settle();
    expect((await payoutsOf(ivy.id))[0]?.status).toBe('completed');
    expect(await clientStatus(ivy.id)).toBe('DEACTIVATED');
    for (const account of ivy.accounts)
      expect(await getAccount(test.db, account.ledgerAccountId)).toMatchObject({
        balanceMinor: 0,
        availableMinor: 0,
        frozen: true,
      });
    const closed = await detail(ivy.id);
    expect(closed).toMatchObject({ status: 'approved', payout_note: null });
    expect(closed.payout_payments).toEqual([expect.objectContaining({ status: 'completed', amount: 9_500 })]);
    const audit = await test.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'deactivation.closed_after_payout' AND object_id = $1`,
      [ivy.id],
    );
    expect(audit).toHaveLength(1);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});

describe('a pay-out that comes back', () => {
  let jon: ApprovedClient;

  beforeAll(async () => {
    jon = await approvedClient(test.app, test.db, 'jon@payout.test');
    await fund(test.db, jon, 'EUR', 20_000, 'jon');
    const recipient = await confirmedRecipient(test.app, jon, {
      type: 'sepa',
      details: { name: 'RETURN Bank Customer', iban: 'DE89370400440532013000' },
    });
    await requestDeactivation(test.app, jon, { kind: 'recipient', recipient_id: recipient });
  });

  it('puts the money back and the request back in review with a note', async () => {
    expect((await approve(jon.id)).json().data.request_status).toBe('paying_out');
    await settle();
    expect((await payoutsOf(jon.id))[0]?.status).toBe('returned');
    expect(await ledgerOf(jon, 'EUR')).toMatchObject({
      balanceMinor: 20_000,
      availableMinor: 20_000,
      frozen: false,
    });
    expect(await clientStatus(jon.id)).toBe('DEACTIVATION_REQUESTED');
    const back = await detail(jon.id);
    expect(back.status).toBe('pending');
    expect(back.payout_note).toContain('was returned');
    const queue = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/deactivations',
      headers: sessions.compliance.headers,
    });
    const line = queue.json().data.find((item: { client_id: string }) => item.client_id === jon.id);
    expect(line.payout_note).toContain('195.00 EUR');
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('lets the operator reject it then; the client is approved again', async () => {
    const rejected = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/deactivations/${jon.id}/reject`,
      headers: sessions.compliance.headers,
      payload: { reason: 'The recipient bank returns the payment; please choose another recipient' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await clientStatus(jon.id)).toBe('APPROVED');
  });
});
