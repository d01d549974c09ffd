import { brand } from '@bluepeak/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useDemoWorld } from '../../testing/demo-world';
import { checkLedgerInvariants, getAccount, systemAccountId } from '../ledger';
import { approveDeactivation } from './review-deactivation';
import {
  type ApprovedClient,
  approvedClient,
  confirmedRecipient,
  fund,
  requestDeactivation,
} from './testing/deactivation-fixtures';

// The closing fee's real path: the published fee is zero, so these tests approve under a
// tariff that charges one and check the ledger, the fee record, the freeze and the rollback.
const { test } = useDemoWorld({});
let operatorId: string;
const charging = {
  ...brand.tariff,
  account: { ...brand.tariff.account, closing: { UK: 1_000, EEA: 2_000, INTERNATIONAL: 3_000 } },
};
const reviewer = () => ({ operatorId, requestId: 'test-request', ip: '127.0.0.1', now: new Date() });

beforeAll(async () => {
  const [operator] = await test.db.query<{ id: string }>(
    `SELECT id FROM operators WHERE email = 'compliance@demo.test'`,
  );
  if (!operator) throw new Error('no demo operator');
  operatorId = operator.id;
});

const eurOf = (client: ApprovedClient) => {
  const account = client.accounts.find((candidate) => candidate.currency === 'EUR');
  if (!account) throw new Error('no EUR account');
  return account;
};

describe('approving with a closing fee', () => {
  it('charges the fee through the ledger, freezes the accounts and deactivates the client', async () => {
    const gil = await approvedClient(test.app, test.db, 'gil@closing.test');
    await fund(test.db, gil, 'EUR', 1_000, 'gil');
    await requestDeactivation(test.app, gil, { kind: 'recipient', recipient_id: await recipientOf(gil) });
    const feeIncomeBefore =
      (await getAccount(test.db, systemAccountId('EUR', 'fee_income')))?.balanceMinor ?? 0;

    const decision = await withTransaction(test.db, (tx) =>
      approveDeactivation(tx, gil.id, reviewer(), { tariff: charging }),
    );
    expect(decision.status).toBe('DEACTIVATED');
    const eur = await getAccount(test.db, eurOf(gil).ledgerAccountId);
    expect(eur).toMatchObject({ balanceMinor: 0, frozen: true });
    const feeIncomeAfter =
      (await getAccount(test.db, systemAccountId('EUR', 'fee_income')))?.balanceMinor ?? 0;
    expect(feeIncomeAfter - feeIncomeBefore).toBe(1_000);
    const [fee] = await test.db.query<{ status: string; amount_minor: number; transfer_id: string }>(
      `SELECT status, amount_minor, transfer_id FROM client_fees WHERE client_id = $1 AND kind = 'account_closing'`,
      [gil.id],
    );
    expect(fee).toMatchObject({ status: 'charged', amount_minor: 1_000 });
    expect(fee?.transfer_id).toMatch(/^fee:account_closing:/);

    // A retry is answered the same and charges nothing more.
    const again = await withTransaction(test.db, (tx) =>
      approveDeactivation(tx, gil.id, reviewer(), { tariff: charging }),
    );
    expect(again).toEqual(decision);
    const fees = await test.db.query(
      `SELECT 1 FROM client_fees WHERE client_id = $1 AND kind = 'account_closing'`,
      [gil.id],
    );
    expect(fees).toHaveLength(1);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('rolls everything back when the pay-out fee would take what remains after the closing fee', async () => {
    const hal = await approvedClient(test.app, test.db, 'hal@closing.test');
    await fund(test.db, hal, 'EUR', 1_500, 'hal');
    await requestDeactivation(test.app, hal, { kind: 'recipient', recipient_id: await recipientOf(hal) });
    await expect(
      withTransaction(test.db, (tx) => approveDeactivation(tx, hal.id, reviewer(), { tariff: charging })),
    ).rejects.toMatchObject({
      status: 409,
      code: 'deactivation_blocked',
      // 5.00 EUR remain; the SEPA fee (5.00 EUR) would leave nothing to pay out.
      extra: { detail: expect.stringContaining('5.00 EUR: the payment fee would take the whole balance') },
    });
    expect(await getAccount(test.db, eurOf(hal).ledgerAccountId)).toMatchObject({
      balanceMinor: 1_500,
      frozen: false,
    });
    const [client] = await test.db.query<{ status: string }>('SELECT status FROM clients WHERE id = $1', [
      hal.id,
    ]);
    expect(client?.status).toBe('DEACTIVATION_REQUESTED');
    const fees = await test.db.query(
      `SELECT 1 FROM client_fees WHERE client_id = $1 AND kind = 'account_closing'`,
      [hal.id],
    );
    expect(fees).toHaveLength(0);
    expect(await test.db.query('SELECT 1 FROM payments WHERE client_id = $1', [hal.id])).toHaveLength(0);
  });
});

const recipientOf = (client: ApprovedClient) => confirmedRecipient(test.app, client);
