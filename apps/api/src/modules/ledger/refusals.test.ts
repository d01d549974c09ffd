import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { systemAccountId } from './chart-of-accounts';
import { freezeAccount } from './freeze-account';
import { getAccount } from './read-ledger';
import { type LedgerRefusals, transferOrRefuse } from './refusals';
import { openFundedClient, posted } from './testing/ledger-fixtures';
import { useLedgerDatabase } from './testing/use-ledger-database';

let db: Database;
useLedgerDatabase(
  async (opened) => {
    db = opened;
    await openFundedClient(db, 'rf-alice', 1_000);
    await openFundedClient(db, 'rf-frozen', 1_000);
    await freezeAccount(db, { accountId: 'rf-frozen', reason: 'test', actor: 'test' });
  },
  { currencies: ['EUR'] },
);

const fee = systemAccountId('EUR', 'fee_income');
const worded: LedgerRefusals = {
  exceedsCredits: { message: 'Not enough money', detail: 'Top up first.' },
  accountFrozen: { message: 'Frozen' },
};
const linked = (from: string, amounts: number[], prefix: string) =>
  amounts.map((amount, index) =>
    posted(`${prefix}-${index}`, from, fee, amount, 'EUR', { linked: index < amounts.length - 1 }),
  );
const balance = async (id: string) => (await getAccount(db, id))?.balanceMinor;

async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('transferOrRefuse', () => {
  it('books every transfer of the call and answers each one', async () => {
    const done = await withTransaction(db, (tx) =>
      transferOrRefuse(tx, linked('rf-alice', [100, 50], 'ok'), worded, 'bug'),
    );
    expect(done.map((result) => result.transfer.id)).toEqual(['ok-0', 'ok-1']);
    expect(await balance('rf-alice')).toBe(850);
  });

  it('words not enough money as the product says, and books none of the linked call', async () => {
    const error = await refusal(() =>
      withTransaction(db, (tx) =>
        transferOrRefuse(tx, linked('rf-alice', [100, 5_000], 'short'), worded, 'bug'),
      ),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'insufficient_funds', message: 'Not enough money' });
    expect(await balance('rf-alice')).toBe(850);
  });

  it('words a freeze only where the product says one is the client’s; otherwise it is a bug', async () => {
    const frozen = await refusal(() =>
      withTransaction(db, (tx) => transferOrRefuse(tx, linked('rf-frozen', [10], 'frz'), worded, 'bug')),
    );
    expect(frozen).toMatchObject({ code: 'account_frozen', message: 'Frozen' });
    const bug = await refusal(() =>
      withTransaction(db, (tx) =>
        transferOrRefuse(
          tx,
          linked('rf-frozen', [10], 'frz2'),
          { exceedsCredits: worded.exceedsCredits },
          'bug',
        ),
      ),
    );
    expect(bug).not.toBeInstanceOf(AppError);
    expect(String(bug)).toContain('bug: account_frozen');
    expect(await balance('rf-frozen')).toBe(1_000);
  });
});
