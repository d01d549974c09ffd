import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { getAccountStatement } from './account-statement';
import { systemAccountId } from './chart-of-accounts';
import { createTransfers } from './create-transfers';
import { expectCreated, openClient, posted } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';

let db: Database;
useLedgerDatabase(
  async (opened) => {
    db = opened;
    await openClient(db, 'st-alice');
  },
  { currencies: ['EUR'] },
);

const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
const opening = systemAccountId('EUR', 'opening_balances');
const fee = systemAccountId('EUR', 'fee_income');

describe('account statement', () => {
  it('gives the opening balance, the entries and the closing balance of a period', async () => {
    // One transfer a day: +1000 on the 1st, -100 on the 2nd, -200 on the 3rd, +50 on the 4th.
    const days: [number, string, string, number][] = [
      [1, opening, 'st-alice', 1_000],
      [2, 'st-alice', fee, 100],
      [3, 'st-alice', fee, 200],
      [4, opening, 'st-alice', 50],
    ];
    for (const [d, from, to, amount] of days) {
      expectCreated(await createTransfers(db, [posted(`st-${d}`, from, to, amount)], { now: day(d) }));
    }
    const statement = await getAccountStatement(db, 'st-alice', { from: day(2), to: day(4) });
    expect(statement).toMatchObject({
      openingBalanceMinor: 1_000,
      closingBalanceMinor: 700,
      truncated: false,
    });
    expect(
      statement?.entries.map((e) => [e.transferId, e.side, e.postedAmountMinor, e.balanceAfterMinor]),
    ).toEqual([
      ['st-2', 'debit', 100, 900],
      ['st-3', 'debit', 200, 700],
    ]);
    // Opening plus the entries is the closing balance, for every period.
    for (const [from, to] of [
      [0, 5],
      [1, 2],
      [3, 5],
      [5, 9],
    ] as const) {
      const s = await getAccountStatement(db, 'st-alice', { from: day(from), to: day(to) });
      const moved = (s?.entries ?? []).reduce(
        (sum, e) => sum + e.balanceAfterMinor - e.balanceBeforeMinor,
        0,
      );
      expect(s && s.openingBalanceMinor + moved).toBe(s?.closingBalanceMinor);
    }
  });

  it('says when a period holds more entries than asked for', async () => {
    const s = await getAccountStatement(db, 'st-alice', { from: day(0), to: day(9), limit: 2 });
    expect(s).toMatchObject({ truncated: true, openingBalanceMinor: 0, closingBalanceMinor: 750 });
    expect(s?.entries).toHaveLength(2);
  });

  it('answers undefined for an unknown account and refuses a reversed period', async () => {
    expect(await getAccountStatement(db, 'nobody', { from: day(1), to: day(2) })).toBeUndefined();
    await expect(getAccountStatement(db, 'st-alice', { from: day(2), to: day(1) })).rejects.toThrow(
      RangeError,
    );
  });
});
