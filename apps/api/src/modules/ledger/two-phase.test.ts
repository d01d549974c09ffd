import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { systemAccountId } from './chart-of-accounts';
import { createTransfer, createTransfers } from './create-transfers';
import { expirePendingTransfers, expiryTransferId } from './expire-pending-transfers';
import { getAccount, getPendingTransferState } from './read-ledger';
import { expectCreated, ledgerCounts, openFundedClient } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';
import type { PendingTransferInput } from './types';

let db: Database;
useLedgerDatabase((opened) => {
  db = opened;
});

const settlement = systemAccountId('EUR', 'rail_settlement', 'sepa');
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function hold(id: string, from: string, amountMinor: number, timeoutSeconds?: number): PendingTransferInput {
  return {
    kind: 'pending',
    id,
    debitAccountId: from,
    creditAccountId: settlement,
    amountMinor,
    currency: 'EUR',
    code: 'sepa_payment',
    referenceType: 'payment',
    referenceId: `pay-${id}`,
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
  };
}

describe('pending transfers', () => {
  it('hold funds: the available balance drops, the posted balance does not', async () => {
    await openFundedClient(db, 'h-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('h-1', 'h-alice', 600)]));
    expect(await getAccount(db, 'h-alice')).toMatchObject({
      balanceMinor: 1_000,
      availableMinor: 400,
      debitsPendingMinor: 600,
    });
    expect(await createTransfer(db, hold('h-2', 'h-alice', 401))).toEqual({
      ok: false,
      code: 'exceeds_credits',
    });
  });

  it('post in part, releasing the rest, exactly once', async () => {
    await openFundedClient(db, 'pp-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('pp-1', 'pp-alice', 600)]));
    const [posted] = expectCreated(
      await createTransfers(db, [
        { kind: 'post_pending', id: 'pp-1-post', pendingId: 'pp-1', amountMinor: 450, code: 'sepa_payment' },
      ]),
    );
    expect(posted).toMatchObject({ amountMinor: 450, debitAccountId: 'pp-alice', referenceId: 'pay-pp-1' });
    expect(await getAccount(db, 'pp-alice')).toMatchObject({
      balanceMinor: 550,
      availableMinor: 550,
      debitsPendingMinor: 0,
    });

    const before = await ledgerCounts(db);
    expect(
      await createTransfer(db, { kind: 'void_pending', id: 'pp-1-void', pendingId: 'pp-1', code: 'cancel' }),
    ).toEqual({
      ok: false,
      code: 'pending_already_resolved',
      resolution: 'posted',
    });
    expect(await ledgerCounts(db)).toEqual(before);
    expect(await getPendingTransferState(db, 'pp-1')).toMatchObject({
      status: 'posted',
      resolvedBy: { id: 'pp-1-post' },
    });
  });

  it('refuse to post more than was held, or to resolve what is not a hold', async () => {
    await openFundedClient(db, 'px-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('px-1', 'px-alice', 100)]));
    const results = await createTransfers(db, [
      { kind: 'post_pending', id: 'px-a', pendingId: 'px-1', amountMinor: 101, code: 'x' },
      { kind: 'post_pending', id: 'px-b', pendingId: 'nothing', code: 'x' },
      { kind: 'void_pending', id: 'px-c', pendingId: 'fund-px-alice', code: 'x' },
    ]);
    expect(results.map((r) => !r.ok && r.code)).toEqual([
      'exceeds_pending_amount',
      'pending_transfer_not_found',
      'pending_transfer_not_pending',
    ]);
  });

  it('void, giving the whole hold back', async () => {
    await openFundedClient(db, 'v-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('v-1', 'v-alice', 1_000)]));
    expectCreated(
      await createTransfers(db, [{ kind: 'void_pending', id: 'v-1-void', pendingId: 'v-1', code: 'cancel' }]),
    );
    expect(await getAccount(db, 'v-alice')).toMatchObject({ balanceMinor: 1_000, availableMinor: 1_000 });
    expect(await getPendingTransferState(db, 'v-1')).toMatchObject({ status: 'voided' });
  });

  it('can be created and posted in the same call', async () => {
    await openFundedClient(db, 's-alice', 1_000);
    const results = await createTransfers(db, [
      hold('s-1', 's-alice', 300),
      { kind: 'post_pending', id: 's-1-post', pendingId: 's-1', code: 'sepa_payment' },
    ]);
    expect(expectCreated(results).map((t) => t.amountMinor)).toEqual([300, 300]);
    expect(await getAccount(db, 's-alice')).toMatchObject({ balanceMinor: 700, availableMinor: 700 });
  });
});

describe('expiry', () => {
  it('voids a hold once its timeout passes, and a late post is refused', async () => {
    await openFundedClient(db, 'e-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('e-1', 'e-alice', 800, 60)], { now: t0 }));
    expect(await expirePendingTransfers(db, at(59))).toEqual([]);
    expect(
      await createTransfer(
        db,
        { kind: 'post_pending', id: 'e-late', pendingId: 'e-1', code: 'x' },
        { now: at(60) },
      ),
    ).toEqual({
      ok: false,
      code: 'pending_expired',
    });

    expect(await expirePendingTransfers(db, at(60))).toContain('e-1');
    expect(await getAccount(db, 'e-alice')).toMatchObject({ balanceMinor: 1_000, availableMinor: 1_000 });
    expect(await getPendingTransferState(db, 'e-1')).toMatchObject({
      status: 'expired',
      resolvedBy: { id: expiryTransferId('e-1'), kind: 'void_pending' },
    });
    expect(await expirePendingTransfers(db, at(3_600))).not.toContain('e-1');
    expect(
      await createTransfer(
        db,
        { kind: 'void_pending', id: 'e-void', pendingId: 'e-1', code: 'x' },
        { now: at(61) },
      ),
    ).toEqual({
      ok: false,
      code: 'pending_already_resolved',
      resolution: 'expired',
    });
  });

  it('leaves alone a hold posted before its timeout', async () => {
    await openFundedClient(db, 'f-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('f-1', 'f-alice', 100, 10)], { now: t0 }));
    expectCreated(
      await createTransfers(db, [{ kind: 'post_pending', id: 'f-1-post', pendingId: 'f-1', code: 'x' }], {
        now: at(5),
      }),
    );
    expect(await expirePendingTransfers(db, at(20))).not.toContain('f-1');
    expect(await getAccount(db, 'f-alice')).toMatchObject({ balanceMinor: 900 });
  });

  it('does not let callers use the ids the ledger keeps for itself', async () => {
    await openFundedClient(db, 'g-alice', 1_000);
    expectCreated(await createTransfers(db, [hold('g-1', 'g-alice', 100, 10)], { now: t0 }));
    expect(
      await createTransfer(db, {
        kind: 'void_pending',
        id: expiryTransferId('g-1'),
        pendingId: 'g-1',
        code: 'pending_expired',
      }),
    ).toEqual({ ok: false, code: 'id_invalid' });
  });
});
