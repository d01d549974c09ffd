import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { type AccountJson, accountJsonSql } from './account-rows';
import { systemAccountId } from './chart-of-accounts';
import { createTransfers } from './create-transfers';
import { accountFromJson, getAccounts } from './read-ledger';
import { expectCreated, openFundedClient, posted } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';
import type { PendingTransferInput } from './types';

let db: Database;
useLedgerDatabase((opened) => {
  db = opened;
});

// Another module's read takes its ledger accounts' balances in its own statement
// (accountJsonSql); they must be the balances getAccounts reads, and a sharded account must be
// left for getAccounts to fold.
describe('balances read inside another module’s statement', () => {
  const jsonOf = async (id: string) => {
    const [row] = await db.query<{ account: AccountJson }>(
      `SELECT ${accountJsonSql('$1::text')} AS account`,
      [id],
    );
    return accountFromJson(row?.account ?? null);
  };

  it('matches getAccounts for a client account with a hold, and is undefined for none', async () => {
    await openFundedClient(db, 'j-alice', 5_000);
    const hold: PendingTransferInput = {
      ...posted('j-hold', 'j-alice', systemAccountId('EUR', 'rail_settlement', 'sepa'), 1_200),
      kind: 'pending',
    };
    expectCreated(await createTransfers(db, [hold]));
    const [read] = await getAccounts(db, ['j-alice']);
    const joined = await jsonOf('j-alice');
    expect(joined).toEqual(read);
    expect(joined).toMatchObject({ balanceMinor: 5_000, availableMinor: 3_800 });
    expect(await jsonOf('no-such-account')).toBeUndefined();
  });

  it('leaves a sharded account to getAccounts, which folds its shards', async () => {
    const feeIncome = systemAccountId('EUR', 'fee_income');
    const [folded] = await getAccounts(db, [feeIncome]);
    expect(folded?.shardCount).toBeGreaterThan(1);
    expect(await jsonOf(feeIncome)).toBeUndefined();
  });
});
