import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { getAccountStatement } from './account-statement';
import { HOT_ACCOUNT_SHARDS, shardAccountId, shardForTransfer, systemAccountId } from './chart-of-accounts';
import { createTransfer, createTransfers } from './create-transfers';
import { ensureSystemAccounts } from './open-account';
import { getAccount, getTransfer, listTransfersByReference } from './read-ledger';
import { expectCreated, ledgerCounts, openFundedClient, posted } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';

// One database for the file (PGlite takes ~2 s to start); each test uses its own accounts.
let db: Database;
useLedgerDatabase((opened) => {
  db = opened;
});

describe('posted transfers', () => {
  it('moves money, writes one entry per account with the balance before and after', async () => {
    await openFundedClient(db, 'p-alice', 10_000);
    await openFundedClient(db, 'p-bob', 0);
    const [transfer] = expectCreated(await createTransfers(db, [posted('p-1', 'p-alice', 'p-bob', 2_500)]));
    expect(transfer).toMatchObject({ kind: 'posted', amountMinor: 2_500, currency: 'EUR', pendingId: null });

    expect(await getAccount(db, 'p-alice')).toMatchObject({
      balanceMinor: 7_500,
      availableMinor: 7_500,
      version: 2,
    });
    expect(await getAccount(db, 'p-bob')).toMatchObject({ balanceMinor: 2_500, creditsPostedMinor: 2_500 });
    const entries = await db.query(
      `SELECT account_id, account_version, side, posted_amount_minor, balance_before_minor, balance_after_minor
       FROM ledger_entries WHERE transfer_id = 'p-1' ORDER BY side`,
    );
    expect(entries).toEqual([
      expect.objectContaining({
        account_id: 'p-bob',
        side: 'credit',
        balance_before_minor: 0,
        balance_after_minor: 2_500,
      }),
      expect.objectContaining({
        account_id: 'p-alice',
        side: 'debit',
        balance_before_minor: 10_000,
        balance_after_minor: 7_500,
      }),
    ]);
  });

  it('returns the stored transfer for a retry and refuses the same id with other fields', async () => {
    await openFundedClient(db, 'i-alice', 10_000);
    await openFundedClient(db, 'i-bob', 0);
    const first = await createTransfer(db, posted('i-1', 'i-alice', 'i-bob', 1_000));
    const before = await ledgerCounts(db);
    const retry = await createTransfer(db, posted('i-1', 'i-alice', 'i-bob', 1_000));
    expect(retry).toEqual({ ...first, status: 'exists' });
    expect(await createTransfer(db, posted('i-1', 'i-alice', 'i-bob', 1_001))).toEqual({
      ok: false,
      code: 'exists_with_different_fields',
    });
    expect(
      await createTransfer(db, posted('i-1', 'i-alice', 'i-bob', 1_000, 'EUR', { code: 'other' })),
    ).toMatchObject({
      code: 'exists_with_different_fields',
    });
    expect(await ledgerCounts(db)).toEqual(before);
  });

  it('refuses an overdraft, a currency mismatch and an unknown account without writing', async () => {
    await openFundedClient(db, 'o-alice', 1_000);
    await openFundedClient(db, 'o-bob', 0);
    await openFundedClient(db, 'o-carol', 500, 'GBP');
    const before = await ledgerCounts(db);
    const results = await createTransfers(db, [
      posted('o-1', 'o-alice', 'o-bob', 1_001),
      posted('o-2', 'o-alice', 'o-carol', 10),
      posted('o-3', 'o-alice', 'o-carol', 10, 'GBP'),
      posted('o-4', 'o-alice', 'nobody', 10),
    ]);
    expect(results.map((r) => (r.ok ? r.status : r.code))).toEqual([
      'exceeds_credits',
      'currency_mismatch',
      'currency_mismatch',
      'account_not_found',
    ]);
    expect(await ledgerCounts(db)).toEqual(before);
    expect(await getTransfer(db, 'o-1')).toBeUndefined();
  });

  it('lets system accounts run either way and spends a client balance to exactly zero', async () => {
    await openFundedClient(db, 'z-alice', 700);
    const settlement = systemAccountId('EUR', 'rail_settlement', 'sepa');
    expectCreated(await createTransfers(db, [posted('z-1', 'z-alice', settlement, 700)]));
    expect(await getAccount(db, 'z-alice')).toMatchObject({ balanceMinor: 0 });
    expect(await createTransfer(db, posted('z-2', 'z-alice', settlement, 1))).toMatchObject({
      code: 'exceeds_credits',
    });
    expect(await listTransfersByReference(db, 'test', 'z-1')).toHaveLength(1);
  });
});

describe('linked transfers', () => {
  it('commit a payment and its fee together', async () => {
    await openFundedClient(db, 'l-alice', 1_000);
    const fee = systemAccountId('EUR', 'fee_income');
    const settlement = systemAccountId('EUR', 'rail_settlement', 'sepa');
    const results = await createTransfers(db, [
      posted('l-pay', 'l-alice', settlement, 900, 'EUR', { linked: true }),
      posted('l-fee', 'l-alice', fee, 100),
    ]);
    expectCreated(results);
    expect(await getAccount(db, 'l-alice')).toMatchObject({ balanceMinor: 0 });
  });

  it('write nothing when one member fails, and say which one', async () => {
    await openFundedClient(db, 'm-alice', 1_000);
    const fee = systemAccountId('EUR', 'fee_income');
    const settlement = systemAccountId('EUR', 'rail_settlement', 'sepa');
    const before = await ledgerCounts(db);
    const results = await createTransfers(db, [
      posted('m-ok', 'm-alice', settlement, 10),
      posted('m-pay', 'm-alice', settlement, 950, 'EUR', { linked: true }),
      posted('m-fee', 'm-alice', fee, 100),
    ]);
    expect(results.map((r) => (r.ok ? r.status : r.code))).toEqual([
      'created',
      'linked_event_failed',
      'exceeds_credits',
    ]);
    const after = await ledgerCounts(db);
    expect(after.transfers).toBe(before.transfers + 1);
    expect(await getTransfer(db, 'm-pay')).toBeUndefined();
  });

  it('refuse a chain left open at the end of the call', async () => {
    await openFundedClient(db, 'n-alice', 1_000);
    const fee = systemAccountId('EUR', 'fee_income');
    const results = await createTransfers(db, [
      posted('n-1', 'n-alice', fee, 1, 'EUR', { linked: true }),
      posted('n-2', 'n-alice', fee, 1, 'EUR', { linked: true }),
    ]);
    expect(results.map((r) => (r.ok ? r.status : r.code))).toEqual([
      'linked_event_failed',
      'linked_event_chain_open',
    ]);
  });
});

describe('batches', () => {
  it('create a thousand transfers in one call, each decided on the balance the earlier ones left', async () => {
    await openFundedClient(db, 'b-source', 500);
    const fee = systemAccountId('EUR', 'fee_income');
    const inputs = Array.from({ length: 1_000 }, (_, i) => posted(`b-${i}`, 'b-source', fee, 1));
    const results = await createTransfers(db, inputs);
    expect(results.filter((r) => r.ok)).toHaveLength(500);
    expect(results[499]).toMatchObject({ ok: true });
    expect(results[500]).toEqual({ ok: false, code: 'exceeds_credits' });
    expect(await getAccount(db, 'b-source')).toMatchObject({ balanceMinor: 0, version: 501 });
    const [chain] = await db.query<{ versions: number; last_after: number }>(
      `SELECT count(DISTINCT account_version)::integer AS versions, min(balance_after_minor) AS last_after
       FROM ledger_entries WHERE account_id = 'b-source'`,
    );
    expect(chain).toEqual({ versions: 501, last_after: 0 });
  });

  it('treat a repeated id inside one call as a retry', async () => {
    await openFundedClient(db, 'r-alice', 100);
    const fee = systemAccountId('EUR', 'fee_income');
    const results = await createTransfers(db, [
      posted('r-1', 'r-alice', fee, 60),
      posted('r-1', 'r-alice', fee, 60),
    ]);
    expect(results.map((r) => r.ok && r.status)).toEqual(['created', 'exists']);
    expect(await getAccount(db, 'r-alice')).toMatchObject({ balanceMinor: 40 });
  });
});

const fee = systemAccountId('EUR', 'fee_income');

describe('sharded (hot) system accounts', () => {
  it('spread transfers over their shards and read as one account', async () => {
    await openFundedClient(db, 'h-payer', 100_000);
    const accounts = await ensureSystemAccounts(db, 'EUR');
    const feeAccount = accounts.find((a) => a.id === fee);
    expect(feeAccount).toMatchObject({ shardCount: HOT_ACCOUNT_SHARDS, shardOf: null });
    const before = (await getAccount(db, fee))?.balanceMinor ?? 0;
    const transfers = expectCreated(
      await createTransfers(
        db,
        Array.from({ length: 64 }, (_, i) => posted(`h-fee-${i}`, 'h-payer', fee, 10)),
      ),
    );
    const shards = new Set(transfers.map((t) => t.creditAccountId));
    expect(shards.size).toBeGreaterThan(8);
    for (const shard of shards) expect(shard.startsWith(`${fee}:s`)).toBe(true);
    expect(await getAccount(db, fee)).toMatchObject({
      balanceMinor: before + 640,
      shardCount: HOT_ACCOUNT_SHARDS,
    });
  });

  it('answer a retry that names the sharded account with the stored transfer', async () => {
    await openFundedClient(db, 'h-retry', 1_000);
    const input = posted('h-retry-1', 'h-retry', fee, 10);
    const [first] = expectCreated(await createTransfers(db, [input]));
    expect(first?.creditAccountId).toBe(
      shardAccountId(fee, shardForTransfer('h-retry-1', HOT_ACCOUNT_SHARDS)),
    );
    expect(await createTransfer(db, input)).toMatchObject({ ok: true, status: 'exists', transfer: first });
    expect(
      await createTransfer(db, { ...input, creditAccountId: systemAccountId('EUR', 'suspense') }),
    ).toEqual({
      ok: false,
      code: 'exists_with_different_fields',
    });
  });

  it('give a statement over all shards whose opening plus entries is its closing', async () => {
    const statement = await getAccountStatement(db, fee, {
      from: new Date(0),
      to: new Date(Date.now() + 60_000),
    });
    expect(statement?.entries.length).toBeGreaterThan(64);
    const moved = (statement?.entries ?? []).reduce(
      (sum, e) => sum + e.balanceAfterMinor - e.balanceBeforeMinor,
      0,
    );
    expect(statement?.openingBalanceMinor).toBe(0);
    expect(statement?.closingBalanceMinor).toBe(moved);
    expect(statement?.closingBalanceMinor).toBe((await getAccount(db, fee))?.balanceMinor);
  });
});
