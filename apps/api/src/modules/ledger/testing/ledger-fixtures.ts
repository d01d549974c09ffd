import type { Database, Queryable } from '../../../db/database';
import { systemAccountId } from '../chart-of-accounts';
import { createTransfers } from '../create-transfers';
import { ensureSystemAccounts, openClientAccount } from '../open-account';
import type { CreateTransferResult, PostedTransferInput, Transfer } from '../types';

// Small helpers shared by the ledger's tests and the benchmark. They go through the ledger's
// public functions only, so what they set up is what production would have.

export async function openClient(db: Queryable, id: string, currency = 'EUR', ownerClientId = `owner-${id}`) {
  const result = await openClientAccount(db, { id, ownerClientId, currency });
  if (!result.ok) throw new Error(`Could not open ${id}: ${result.code}`);
  return result.account;
}

/** Opens a client account and funds it from the opening balances account of its currency. */
export async function openFundedClient(db: Database, id: string, amountMinor: number, currency = 'EUR') {
  await ensureSystemAccounts(db, currency);
  const account = await openClient(db, id, currency);
  if (amountMinor > 0) {
    expectCreated(
      await createTransfers(db, [
        posted(`fund-${id}`, systemAccountId(currency, 'opening_balances'), id, amountMinor, currency),
      ]),
    );
  }
  return account;
}

export function posted(
  id: string,
  debitAccountId: string,
  creditAccountId: string,
  amountMinor: number,
  currency = 'EUR',
  extra: Partial<PostedTransferInput> = {},
): PostedTransferInput {
  return {
    kind: 'posted',
    id,
    debitAccountId,
    creditAccountId,
    amountMinor,
    currency,
    code: 'test_transfer',
    referenceType: 'test',
    referenceId: id,
    ...extra,
  };
}

/** Returns the transfers of results that must all have been created; throws with the codes otherwise. */
export function expectCreated(results: CreateTransferResult[]): Transfer[] {
  return results.map((result, index) => {
    if (!result.ok || result.status !== 'created') {
      throw new Error(`Transfer ${index} was not created: ${JSON.stringify(result)}`);
    }
    return result.transfer;
  });
}

export type LedgerCounts = { transfers: number; entries: number; totals: string };

/** Row counts and a digest of every account's totals: equal before and after means nothing was written. */
export async function ledgerCounts(db: Queryable): Promise<LedgerCounts> {
  const [row] = await db.query<LedgerCounts>(
    `SELECT (SELECT count(*) FROM ledger_transfers)::integer AS transfers,
       (SELECT count(*) FROM ledger_entries)::integer AS entries,
       (SELECT coalesce(string_agg(concat_ws(',', id, debits_posted_minor, debits_pending_minor,
          credits_posted_minor, credits_pending_minor, version), ';' ORDER BY id), '')
        FROM ledger_account_balances) AS totals`,
  );
  if (!row) throw new Error('no counts');
  return row;
}
