import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { systemAccountId } from './chart-of-accounts';
import { checkLedgerInvariants } from './check-invariants';
import { createTransfers } from './create-transfers';
import { getAccount } from './read-ledger';
import { openFundedClient, posted } from './testing/ledger-fixtures';
import { canMerge, TransferBatcher } from './transfer-batcher';
import type { CreateTransferResult, TransferInput } from './types';

const input = (id: string, linked = false): TransferInput => ({ ...posted(id, 'a', 'b', 1), linked });

describe('TransferBatcher', () => {
  it('sends a lone call at once and merges the calls that queue behind it', async () => {
    const sent: string[][] = [];
    const batcher = new TransferBatcher({} as Database, async (_db, inputs) => {
      sent.push(inputs.map((i) => i.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return inputs.map(
        (i): CreateTransferResult => ({
          ok: false,
          code: i.id === 'c1' ? 'exceeds_credits' : 'code_invalid',
        }),
      );
    });
    const results = await Promise.all([
      batcher.submit([input('a1')]),
      batcher.submit([input('b1', true), input('b2')]),
      batcher.submit([input('c1')]),
    ]);
    expect(sent).toEqual([['a1'], ['b1', 'b2', 'c1']]);
    // Each caller gets its own results, in its own order.
    expect(results.map((r) => r.length)).toEqual([1, 2, 1]);
    expect(results[2]).toEqual([{ ok: false, code: 'exceeds_credits' }]);
  });

  it('fails every caller of a merged call that throws, and carries on with the next', async () => {
    let calls = 0;
    const batcher = new TransferBatcher({} as Database, async (_db, inputs) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (calls === 2) throw new Error('database gone');
      return inputs.map((i): CreateTransferResult => ({ ok: false, code: 'code_invalid', ...{ id: i.id } }));
    });
    const first = batcher.submit([input('x')]);
    const merged = [batcher.submit([input('y')]), batcher.submit([input('z')])];
    await expect(first).resolves.toHaveLength(1);
    for (const call of merged) await expect(call).rejects.toThrow('database gone');
    await expect(batcher.submit([input('w')])).resolves.toHaveLength(1);
  });

  it('never merges a call that ends inside a linked chain', () => {
    expect(canMerge([input('a'), input('b')])).toBe(true);
    expect(canMerge([input('a', true)])).toBe(false);
    expect(canMerge([])).toBe(false);
  });
});

describe('concurrent callers on one database', () => {
  let testDb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
  });
  afterAll(() => testDb.cleanup());

  it('keep their chains whole and their results their own when their calls are merged', async () => {
    const fee = systemAccountId('EUR', 'fee_income');
    for (let i = 0; i < 10; i++) await openFundedClient(db, `m-${i}`, 100);
    await openFundedClient(db, 'm-payee', 0);
    // Odd callers ask for more than they have: their whole chain must fail, and only theirs.
    const calls = Array.from({ length: 10 }, (_, i) =>
      createTransfers(db, [
        posted(`m-${i}-pay`, `m-${i}`, 'm-payee', i % 2 === 0 ? 50 : 95, 'EUR', { linked: true }),
        posted(`m-${i}-fee`, `m-${i}`, fee, 10),
      ]),
    );
    const results = await Promise.all(calls);
    results.forEach((pair, i) => {
      const codes = pair.map((r) => (r.ok ? r.status : r.code));
      expect(codes).toEqual(
        i % 2 === 0 ? ['created', 'created'] : ['linked_event_failed', 'exceeds_credits'],
      );
      if (pair[0]?.ok) expect(pair[0].transfer.id).toBe(`m-${i}-pay`);
    });
    expect(await getAccount(db, 'm-0')).toMatchObject({ balanceMinor: 40 });
    expect(await getAccount(db, 'm-1')).toMatchObject({ balanceMinor: 100 });
    expect(await getAccount(db, 'm-payee')).toMatchObject({ balanceMinor: 250 });
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });
});
