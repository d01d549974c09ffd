import { currencyByCode } from '@bluepeak/core';
import {
  type AccountDetails,
  type AccountEntry,
  type AccountGroup,
  type AccountSummary,
  lineCodeOf,
} from '@bluepeak/core/accounts';
import { isDatabase, type LaggingReader, type Queryable } from '../../db/database';
import {
  type Account,
  getAccountStatement,
  getAccounts,
  type LedgerEntry,
  MAX_STATEMENT_ENTRIES,
} from '../ledger';
import type { AccountGroupRow } from './account-group-rows';
import {
  type ClientAccountRow,
  findGroupWithAccounts,
  findGroupWithAccountsShared,
  listClientAccountsWithIban,
} from './account-rows';

// What the dashboard shows: the account groups with balances, and one account's details with
// its recent lines. Balances and running balances come from the ledger at the moment of the
// read, never from a copy kept here.

function currencyOf(code: string) {
  const currency = currencyByCode(code);
  if (!currency) throw new Error(`Account in unknown currency ${code}`);
  return { code: currency.code, name: currency.name, exponent: currency.exponent };
}

function summaryOf(row: ClientAccountRow, ledger: Account | undefined): AccountSummary {
  if (!ledger) throw new Error(`Client account ${row.id} has no ledger account ${row.ledger_account_id}`);
  return {
    id: row.id,
    name: row.name,
    balance: ledger.balanceMinor,
    available_balance: ledger.availableMinor,
    currency: currencyOf(row.currency),
  };
}

async function summariesOf(db: LaggingReader, rows: readonly ClientAccountRow[]): Promise<AccountSummary[]> {
  const ledger = await getAccounts(
    db,
    rows.map((row) => row.ledger_account_id),
  );
  const byId = new Map(ledger.map((account) => [account.id, account]));
  return rows.map((row) => summaryOf(row, byId.get(row.ledger_account_id)));
}

/**
 * GET /client/accounts: the client's groups (one today), each with its accounts. Outside a
 * transaction the read is shared with concurrent requests' (findGroupWithAccountsShared).
 */
export async function listAccountGroups(db: Queryable, clientId: string): Promise<AccountGroup[]> {
  const found = isDatabase(db)
    ? await findGroupWithAccountsShared(db, clientId)
    : await findGroupWithAccounts(db, clientId);
  if (!found) return [];
  const { group, accounts } = found;
  // The statement brings each balance with its account; a sharded ledger account is folded by the ledger.
  const unfolded = accounts
    .filter((account) => !account.ledger)
    .map((account) => account.row.ledger_account_id);
  const folded = unfolded.length > 0 ? await getAccounts(db, unfolded) : [];
  const ledgerOf = (account: (typeof accounts)[number]) =>
    account.ledger ?? folded.find((ledger) => ledger.id === account.row.ledger_account_id);
  return [
    groupOf(
      group,
      accounts.map((account) => summaryOf(account.row, ledgerOf(account))),
    ),
  ];
}

function groupOf(group: AccountGroupRow, accounts: AccountSummary[]): AccountGroup {
  return { id: group.id, iban: group.iban, bic: group.bic, accounts: { data: accounts } };
}

export async function accountSummary(db: LaggingReader, row: ClientAccountRow): Promise<AccountSummary> {
  const [summary] = await summariesOf(db, [row]);
  if (!summary) throw new Error('no summary for an account');
  return summary;
}

const DAY_MS = 86_400_000;
// The statement windows tried, smallest first, until one holds enough lines: recent lines come
// from a short index range on a busy account, and a quiet account still shows its history.
const WINDOWS_DAYS = [1, 31, 366, 3_660, 36_600];

/** The account's newest posted lines (up to `limit`), newest first, each with the balance after it. */
export async function recentTransactions(
  db: Queryable,
  ledgerAccountId: string,
  limit: number,
  now: Date,
): Promise<AccountEntry[]> {
  // Entries are stamped by the database clock, which can run a little ahead of ours.
  const to = new Date(now.getTime() + DAY_MS);
  let lines: LedgerEntry[] = [];
  for (const days of WINDOWS_DAYS) {
    const statement = await getAccountStatement(db, ledgerAccountId, {
      from: new Date(to.getTime() - days * DAY_MS),
      to,
      limit: MAX_STATEMENT_ENTRIES,
    });
    if (!statement) return [];
    // A window too full to read whole keeps the smaller one's lines, which are the newest.
    if (statement.truncated) break;
    lines = statement.entries.filter((entry) => entry.postedAmountMinor > 0);
    if (lines.length >= limit) break;
  }
  return lines.slice(-limit).reverse().map(entryOf);
}

export function entryOf(entry: LedgerEntry): AccountEntry {
  return {
    id: entry.transferId,
    code: lineCodeOf({ id: entry.transferId, code: entry.code }),
    direction: entry.side,
    amount: entry.postedAmountMinor,
    balance_after: entry.balanceAfterMinor,
    reference_type: entry.referenceType,
    reference_id: entry.referenceId,
    event_at: entry.eventAt.toISOString(),
    created_at: entry.createdAt.toISOString(),
  };
}

/** GET /client/accounts/{id}: the account's bank details and recent lines. */
export async function accountDetails(
  db: Queryable,
  input: { row: ClientAccountRow; group: AccountGroupRow; holderName: string; limit: number; now: Date },
): Promise<AccountDetails> {
  const { row, group } = input;
  const summary = await accountSummary(db, row);
  const sterling = row.currency === 'GBP';
  return {
    ...summary,
    group_id: group.id,
    holder_name: input.holderName,
    iban: group.iban,
    bic: group.bic,
    sort_code: sterling ? group.sort_code : null,
    account_number: sterling ? group.account_number : null,
    opened_at: row.created_at.toISOString(),
    transactions: {
      data: await recentTransactions(db, row.ledger_account_id, input.limit, input.now),
    },
  };
}

/** The client's currency accounts (once approved), their IBAN and ledger balances. */
export async function listAccountsWithBalances(db: Queryable, clientId: string) {
  const rows = await listClientAccountsWithIban(db, clientId);
  const balances = await getAccounts(
    db,
    rows.map((row) => row.ledger_account_id),
  );
  return rows.map(({ ledger_account_id, ...row }) => {
    const ledger = balances.find((account) => account.id === ledger_account_id);
    return { ...row, balance: ledger?.balanceMinor ?? 0, available: ledger?.availableMinor ?? 0 };
  });
}
