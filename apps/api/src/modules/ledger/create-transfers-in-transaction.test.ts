import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { systemAccountId } from './chart-of-accounts';
import { createTransfer, createTransfersInTransaction, ledgerStats } from './create-transfers';
import { getAccount } from './read-ledger';
import { expectCreated, ledgerCounts, openFundedClient, posted } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';

// A payment's transfers are made inside the payment's own transaction (decision 0041): a lone
// transfer in one statement when it can only be created, anything else on the locking path.
// The race on one id between callers' transactions is in concurrency.test.ts (PostgreSQL only).
let db: Database;
useLedgerDatabase((opened) => {
  db = opened;
});

describe("inside a caller's transaction", () => {
  /** Runs `work` in a transaction, keeping the text of every statement it sends. */
  async function inTransaction<T>(
    work: (tx: Queryable) => Promise<T>,
  ): Promise<{ result: T; sent: string[] }> {
    const sent: string[] = [];
    const result = await withTransaction(db, (tx) =>
      work({
        ...tx,
        query: ((sql: string, params?: readonly unknown[]) => {
          sent.push(sql);
          return tx.query(sql, params);
        }) as Queryable['query'],
      }),
    );
    return { result, sent };
  }

  it('create a lone transfer in one statement', async () => {
    await openFundedClient(db, 't-alice', 5_000);
    await openFundedClient(db, 't-bob', 0);
    const { result, sent } = await inTransaction((tx) =>
      createTransfersInTransaction(tx, [posted('t-1', 't-alice', 't-bob', 1_200)]),
    );
    expect(expectCreated(result)[0]).toMatchObject({
      id: 't-1',
      amountMinor: 1_200,
      debitAccountId: 't-alice',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('ledger_create_one');
    expect(await getAccount(db, 't-alice')).toMatchObject({ balanceMinor: 3_800, version: 2 });
    expect(await getAccount(db, 't-bob')).toMatchObject({ balanceMinor: 1_200 });
  });

  it('answer what the one statement cannot on the usual path, in the same transaction', async () => {
    await openFundedClient(db, 'u-alice', 1_000);
    await openFundedClient(db, 'u-bob', 0);
    await createTransfer(db, posted('u-1', 'u-alice', 'u-bob', 100));
    const before = await ledgerCounts(db);
    const fallbacks = ledgerStats.oneTripFallbacks;
    const { result, sent } = await inTransaction(async (tx) => [
      ...(await createTransfersInTransaction(tx, [posted('u-2', 'u-alice', 'u-bob', 901)])),
      ...(await createTransfersInTransaction(tx, [posted('u-1', 'u-alice', 'u-bob', 100)])),
      // The transaction is still usable after both: a later statement runs and it commits.
      ...(await createTransfersInTransaction(tx, [posted('u-3', 'u-alice', 'u-bob', 900)])),
    ]);
    expect(result.map((r) => (r.ok ? r.status : r.code))).toEqual(['exceeds_credits', 'exists', 'created']);
    expect(ledgerStats.oneTripFallbacks).toBe(fallbacks + 2);
    // Each answer the one statement could not give cost the usual path's read (it wrote nothing).
    expect(sent).toHaveLength(5);
    expect((await ledgerCounts(db)).transfers).toBe(before.transfers + 1);
    expect(await getAccount(db, 'u-alice')).toMatchObject({ balanceMinor: 0 });
  });

  it('leave chains and pending resolutions to the locking path', async () => {
    await openFundedClient(db, 'v-alice', 1_000);
    const fee = systemAccountId('EUR', 'fee_income');
    const settlement = systemAccountId('EUR', 'rail_settlement', 'sepa');
    const { result, sent } = await inTransaction((tx) =>
      createTransfersInTransaction(tx, [
        posted('v-pay', 'v-alice', settlement, 900, 'EUR', { linked: true }),
        posted('v-fee', 'v-alice', fee, 100),
      ]),
    );
    expectCreated(result);
    expect(sent.some((sql) => sql.includes('ledger_create_one'))).toBe(false);
    expect(await getAccount(db, 'v-alice')).toMatchObject({ balanceMinor: 0 });
  });
});
