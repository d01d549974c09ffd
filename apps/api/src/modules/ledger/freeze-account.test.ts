import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { systemAccountId } from './chart-of-accounts';
import { createTransfer, createTransfers } from './create-transfers';
import { expirePendingTransfers } from './expire-pending-transfers';
import { freezeAccount, listAccountFreezes, unfreezeAccount } from './freeze-account';
import { getAccount } from './read-ledger';
import { expectCreated, ledgerCounts, openFundedClient, posted } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';
import type { PendingTransferInput } from './types';

let db: Database;
useLedgerDatabase((opened) => {
  db = opened;
});

const settlement = systemAccountId('EUR', 'rail_settlement', 'sepa');
const by = { reason: 'suspected fraud, case 42', actor: 'op-anna' };

function hold(id: string, from: string, amountMinor: number, timeoutSeconds?: number): PendingTransferInput {
  return {
    ...posted(id, from, settlement, amountMinor),
    kind: 'pending',
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
  };
}

describe('freezing a client account', () => {
  it('refuses every debit with account_frozen and writes nothing, on every path', async () => {
    await openFundedClient(db, 'f-alice', 1_000);
    await openFundedClient(db, 'f-bob', 0);
    expect(await freezeAccount(db, { accountId: 'f-alice', ...by })).toMatchObject({
      ok: true,
      status: 'changed',
      account: { id: 'f-alice', frozen: true, balanceMinor: 1_000 },
    });
    const before = await ledgerCounts(db);
    // A lone transfer (one round trip), a hold, and a call of several transfers (the usual path).
    expect(await createTransfer(db, posted('f-1', 'f-alice', 'f-bob', 10))).toEqual({
      ok: false,
      code: 'account_frozen',
    });
    expect(await createTransfer(db, hold('f-2', 'f-alice', 10))).toEqual({
      ok: false,
      code: 'account_frozen',
    });
    const results = await createTransfers(db, [
      posted('f-3', 'f-alice', 'f-bob', 10),
      posted('f-4', 'f-alice', settlement, 10),
    ]);
    expect(results).toEqual([
      { ok: false, code: 'account_frozen' },
      { ok: false, code: 'account_frozen' },
    ]);
    // Even with a clock of its own (the path tests and the expiry job take).
    expect(
      await createTransfer(db, posted('f-5', 'f-alice', 'f-bob', 10), {
        now: new Date('2026-05-01T00:00:00Z'),
      }),
    ).toEqual({ ok: false, code: 'account_frozen' });
    expect(await ledgerCounts(db)).toEqual(before);
  });

  it('still takes credits, and unfreezing lets debits through again', async () => {
    await openFundedClient(db, 'g-alice', 500);
    await openFundedClient(db, 'g-bob', 500);
    await freezeAccount(db, { accountId: 'g-alice', ...by });
    expectCreated(await createTransfers(db, [posted('g-1', 'g-bob', 'g-alice', 100)]));
    expect(await getAccount(db, 'g-alice')).toMatchObject({ balanceMinor: 600, frozen: true });
    expect(
      await unfreezeAccount(db, { accountId: 'g-alice', reason: 'cleared', actor: 'op-ben' }),
    ).toMatchObject({
      ok: true,
      status: 'changed',
      account: { frozen: false },
    });
    expectCreated(await createTransfers(db, [posted('g-2', 'g-alice', 'g-bob', 600)]));
    expect(await getAccount(db, 'g-alice')).toMatchObject({ balanceMinor: 0, frozen: false });
  });

  it('stops the post of a hold placed before the freeze, but lets it be voided or expire', async () => {
    await openFundedClient(db, 'h-alice', 1_000);
    const t0 = new Date('2026-06-01T10:00:00Z');
    expectCreated(await createTransfers(db, [hold('h-1', 'h-alice', 300), hold('h-2', 'h-alice', 200, 60)]));
    await freezeAccount(db, { accountId: 'h-alice', ...by });
    expect(
      await createTransfer(db, {
        kind: 'post_pending',
        id: 'h-1-post',
        pendingId: 'h-1',
        code: 'sepa_payment',
      }),
    ).toEqual({ ok: false, code: 'account_frozen' });
    expectCreated(
      await createTransfers(db, [
        { kind: 'void_pending', id: 'h-1-void', pendingId: 'h-1', code: 'sepa_void' },
      ]),
    );
    const expired = await expirePendingTransfers(db, new Date(t0.getTime() + 10 * 365 * 86_400_000));
    expect(expired).toContain('h-2');
    expect(await getAccount(db, 'h-alice')).toMatchObject({ balanceMinor: 1_000, availableMinor: 1_000 });
  });

  it('is idempotent, keeps a trail, and refuses system accounts, unknown accounts and bad input', async () => {
    await openFundedClient(db, 'i-alice', 0);
    expect(await freezeAccount(db, { accountId: 'i-alice', ...by })).toMatchObject({ status: 'changed' });
    expect(await freezeAccount(db, { accountId: 'i-alice', ...by })).toMatchObject({ status: 'unchanged' });
    expect(await unfreezeAccount(db, { accountId: 'i-alice', reason: 'ok', actor: 'op-ben' })).toMatchObject({
      status: 'changed',
    });
    expect(await unfreezeAccount(db, { accountId: 'i-alice', reason: 'ok', actor: 'op-ben' })).toMatchObject({
      status: 'unchanged',
    });
    expect(
      (await listAccountFreezes(db, 'i-alice')).map(({ seq, action, actor }) => ({ seq, action, actor })),
    ).toEqual([
      { seq: 1, action: 'freeze', actor: 'op-anna' },
      { seq: 2, action: 'unfreeze', actor: 'op-ben' },
    ]);
    expect(await freezeAccount(db, { accountId: systemAccountId('EUR', 'suspense'), ...by })).toEqual({
      ok: false,
      code: 'account_not_freezable',
    });
    expect(await freezeAccount(db, { accountId: 'nobody', ...by })).toEqual({
      ok: false,
      code: 'account_not_found',
    });
    expect(await freezeAccount(db, { accountId: 'i-alice', reason: ' ', actor: 'x' })).toEqual({
      ok: false,
      code: 'reason_invalid',
    });
    expect(await freezeAccount(db, { accountId: 'i-alice', reason: 'r', actor: '' })).toEqual({
      ok: false,
      code: 'actor_invalid',
    });
  });

  it('is enforced by the database too: a frozen balance takes no debit, and a freeze moves nothing else', async () => {
    await openFundedClient(db, 'j-alice', 100);
    await freezeAccount(db, { accountId: 'j-alice', ...by });
    await expect(
      db.query(
        `UPDATE ledger_balances SET debits_posted_minor = debits_posted_minor + 1, version = version + 1
         WHERE account_id = 'j-alice'`,
      ),
    ).rejects.toThrow(/frozen/);
    await expect(
      db.query(
        `UPDATE ledger_balances SET frozen = false, credits_posted_minor = credits_posted_minor + 1
         WHERE account_id = 'j-alice'`,
      ),
    ).rejects.toThrow(/nothing but the flag/);
    await expect(
      db.query(`DELETE FROM ledger_account_freezes WHERE account_id = 'j-alice'`),
    ).rejects.toThrow();
  });
});
