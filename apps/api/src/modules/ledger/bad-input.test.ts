import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { systemAccountId } from './chart-of-accounts';
import { createTransfer, createTransfers } from './create-transfers';
import { ledgerCounts, openFundedClient, posted } from './testing/ledger-fixtures';
import type { PlainTransferErrorCode, TransferInput } from './types';

// docs/reliability.md, bad inputs 6-8: each gets its own result code and writes nothing.

let testDb: TestDatabase;
let db: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await openFundedClient(db, 'bad-alice', 10_000);
  await openFundedClient(db, 'bad-bob', 0);
});
afterAll(() => testDb.cleanup());

const good = posted('bad-x', 'bad-alice', 'bad-bob', 100);
// Amounts arrive as numbers from a parsed body; these casts stand for what a caller could send.
const untyped = (value: unknown) => value as number;

const cases: [string, Partial<TransferInput>, PlainTransferErrorCode][] = [
  ['zero', { amountMinor: 0 }, 'amount_must_be_positive'],
  ['negative', { amountMinor: -100 }, 'amount_must_be_positive'],
  ['negative zero', { amountMinor: -0 }, 'amount_must_be_positive'],
  ['fractional', { amountMinor: 10.5 }, 'amount_must_be_integer'],
  ['NaN', { amountMinor: Number.NaN }, 'amount_must_be_integer'],
  ['infinite', { amountMinor: Number.POSITIVE_INFINITY }, 'amount_must_be_integer'],
  ['a string', { amountMinor: untyped('100') }, 'amount_must_be_integer'],
  ['2^53', { amountMinor: 2 ** 53 }, 'amount_exceeds_safe_range'],
  // What JSON.parse makes of 9007199254740993: the nearest double, 2^53.
  ['above 2^53 as parsed', { amountMinor: Number('9007199254740993') }, 'amount_exceeds_safe_range'],
  ['far above 2^53', { amountMinor: 2 ** 60 }, 'amount_exceeds_safe_range'],
  ['unknown currency', { currency: 'XYZ' }, 'currency_invalid'],
  ['lower-case currency', { currency: 'eur' }, 'currency_invalid'],
  ['short currency', { currency: 'EU' }, 'currency_invalid'],
  ['same account both sides', { creditAccountId: 'bad-alice' }, 'accounts_must_be_different'],
  ['unknown debit account', { debitAccountId: 'nobody' }, 'account_not_found'],
  ['unknown credit account', { creditAccountId: 'nobody' }, 'account_not_found'],
  ['malformed account id', { creditAccountId: '../etc' }, 'account_not_found'],
  ['empty id', { id: '' }, 'id_invalid'],
  ['id with a space', { id: 'a b' }, 'id_invalid'],
  ['id too long', { id: 'x'.repeat(129) }, 'id_invalid'],
  ['bad code', { code: 'Not A Code' }, 'code_invalid'],
  ['missing reference', { referenceId: '' }, 'reference_invalid'],
  ['reference with a newline', { referenceId: 'a\nb' }, 'reference_invalid'],
  ['invalid event time', { eventAt: new Date('nope') }, 'event_at_invalid'],
];

describe('bad input', () => {
  it.each(cases)('%s -> its result code, nothing written', async (_name, change, code) => {
    const before = await ledgerCounts(db);
    expect(await createTransfer(db, { ...good, ...change } as TransferInput)).toEqual({ ok: false, code });
    expect(await ledgerCounts(db)).toEqual(before);
  });

  it('refuses a bad timeout and a timeout on a posted transfer', async () => {
    const hold = { ...good, kind: 'pending' as const };
    for (const timeoutSeconds of [0, -1, 1.5, 91 * 24 * 3600]) {
      expect(await createTransfer(db, { ...hold, timeoutSeconds })).toEqual({
        ok: false,
        code: 'timeout_invalid',
      });
    }
    expect(await createTransfer(db, { ...good, timeoutSeconds: 10 } as TransferInput)).toEqual({
      ok: false,
      code: 'timeout_invalid',
    });
  });

  it('refuses a partial post of a bad amount and an unknown kind', async () => {
    for (const amountMinor of [0, -1, 0.5]) {
      const result = await createTransfer(db, {
        kind: 'post_pending',
        id: 'bp',
        pendingId: 'x',
        amountMinor,
        code: 'x',
      });
      expect(result.ok).toBe(false);
    }
    expect(await createTransfer(db, { ...good, kind: 'reversal' } as unknown as TransferInput)).toEqual({
      ok: false,
      code: 'kind_invalid',
    });
  });

  it('fails only the bad transfer of a batch', async () => {
    const fee = systemAccountId('EUR', 'fee_income');
    const results = await createTransfers(db, [
      posted('bad-ok-1', 'bad-alice', fee, 1),
      posted('bad-zero', 'bad-alice', fee, 0),
      posted('bad-ok-2', 'bad-alice', fee, 1),
    ]);
    expect(results.map((r) => (r.ok ? r.status : r.code))).toEqual([
      'created',
      'amount_must_be_positive',
      'created',
    ]);
  });
});
