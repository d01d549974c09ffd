import { currencyExponent } from '@bluepeak/core';
import { parseStatementDay } from '@bluepeak/core/accounts';
import type { LaggingReader } from '../../db/database';
import { type EntryCursor, type LedgerEntry, postedBalancesAround, readPostedEntryPage } from '../ledger';
import { type LineDetails, readLineDetails } from './line-details';

// The one statement reader every format is written from (docs/requirements/statements.md): the
// opening and closing posted balances of the period and its lines, oldest first, read from
// the ledger a page at a time, so a format streams its file while the next page is read and a
// 100,000-line statement is never held in memory. Every running balance is the ledger's own,
// and the reader checks that each line starts where the previous one ended.

const DAY_MS = 86_400_000;
// The next page is read while this one is written. Lines of a page live until it is written, and
// a 5,000-line page outlived V8's young-generation collections, so its lines were promoted to the
// old generation and stayed there as garbage until a full collection: 1,000 lines a page keep
// most of them young (docs/benchmarks.md, "Statements").
const PAGE_ENTRIES = 1_000;

export type StatementAccount = {
  accountId: string;
  ledgerAccountId: string;
  currency: string;
  name: string;
  iban: string;
  bic: string;
  holderName: string;
};

export type StatementHeader = StatementAccount & {
  /** First and last day (YYYY-MM-DD, UTC), both included. */
  from: string;
  to: string;
  exponent: number;
  openingMinor: number;
  closingMinor: number;
  /** When the statement was read: lines booked later belong to the next one. */
  generatedAt: Date;
};

export type StatementEntry = {
  id: string;
  bookedAt: Date;
  valueAt: Date;
  /** Signed: a credit is positive, a debit negative. */
  amountMinor: number;
  balanceAfterMinor: number;
  code: string;
  isFee: boolean;
  description: string;
  counterparty: string;
  reference: string;
};

export type Statement = {
  header: StatementHeader;
  /** The lines a ledger page at a time (a writer with no await per line). */
  pages: () => AsyncGenerator<StatementEntry[]>;
  lines: () => AsyncGenerator<StatementEntry>;
};

/**
 * What a file is written from: one account's statement, or one section per account of the client
 * (`allAccounts`), every section over the same period read at the same moment.
 */
export type StatementDocument = {
  sections: Statement[];
  allAccounts: boolean;
  from: string;
  to: string;
  generatedAt: Date;
};

/**
 * Reads the period's balances at once and returns its lines as a generator over pages. The
 * period ends at the end of `to` or now, whichever is earlier, so that the closing balance read
 * up front and the lines read later describe the same entries.
 */
export async function openStatement(
  db: LaggingReader,
  account: StatementAccount,
  period: { from: string; to: string; now: Date },
): Promise<Statement> {
  const fromDay = parseStatementDay(period.from);
  const toDay = parseStatementDay(period.to);
  if (!fromDay || !toDay) throw new Error('statement days are validated by the route schema');
  const end = new Date(Math.min(toDay.getTime() + DAY_MS, period.now.getTime()));
  const range = { from: fromDay, to: end < fromDay ? fromDay : end };
  const balances = await postedBalancesAround(db, account.ledgerAccountId, range);
  if (!balances) throw new Error(`Client account ${account.accountId} has no ledger account`);
  const header: StatementHeader = {
    ...account,
    from: period.from,
    to: period.to,
    exponent: currencyExponent(account.currency),
    openingMinor: balances.openingMinor,
    closingMinor: balances.closingMinor,
    generatedAt: period.now,
  };
  const pages = () => readPages(db, header, range);
  return { header, pages, lines: () => linesOf(pages()) };
}

/** Each account's statement over the same period, opened in the order given. */
export async function openStatements(
  db: LaggingReader,
  accounts: StatementAccount[],
  period: { from: string; to: string; now: Date; allAccounts: boolean },
): Promise<StatementDocument> {
  const sections: Statement[] = [];
  for (const account of accounts) sections.push(await openStatement(db, account, period));
  return {
    sections,
    allAccounts: period.allAccounts,
    from: period.from,
    to: period.to,
    generatedAt: period.now,
  };
}

type LinePage = { entries: LedgerEntry[]; details: (entry: LedgerEntry) => LineDetails };

async function readPage(
  db: LaggingReader,
  ledgerAccountId: string,
  range: { from: Date; to: Date },
  after: EntryCursor | undefined,
): Promise<LinePage> {
  const entries = await readPostedEntryPage(db, ledgerAccountId, { ...range, after, limit: PAGE_ENTRIES });
  return { entries, details: await readLineDetails(db, entries) };
}

async function* linesOf(pages: AsyncGenerator<StatementEntry[]>): AsyncGenerator<StatementEntry> {
  for await (const page of pages) yield* page;
}

async function* readPages(
  db: LaggingReader,
  header: StatementHeader,
  range: { from: Date; to: Date },
): AsyncGenerator<StatementEntry[]> {
  let balance = header.openingMinor;
  let next: Promise<LinePage> | undefined = readPage(db, header.ledgerAccountId, range, undefined);
  while (next) {
    const { entries, details } = await next;
    const last = entries.at(-1);
    next = undefined;
    if (last && entries.length === PAGE_ENTRIES) {
      // The next page is read while this one is written (a reader that stops early drops it).
      const cursor = { createdAt: last.createdAt, accountVersion: last.accountVersion };
      next = readPage(db, header.ledgerAccountId, range, cursor);
      next.catch(() => undefined);
    }
    const lines: StatementEntry[] = [];
    for (const entry of entries) {
      if (entry.balanceBeforeMinor !== balance) {
        throw new Error(`Statement of ${header.accountId} broken at version ${entry.accountVersion}`);
      }
      balance = entry.balanceAfterMinor;
      lines.push(lineOf(entry, details(entry)));
    }
    if (lines.length > 0) yield lines;
  }
  if (balance !== header.closingMinor) {
    throw new Error(`Statement of ${header.accountId} ends at ${balance}, not ${header.closingMinor}`);
  }
}

function lineOf(entry: LedgerEntry, details: LineDetails): StatementEntry {
  return {
    id: entry.transferId,
    bookedAt: entry.createdAt,
    valueAt: entry.eventAt,
    amountMinor: entry.side === 'credit' ? entry.postedAmountMinor : -entry.postedAmountMinor,
    balanceAfterMinor: entry.balanceAfterMinor,
    ...details,
  };
}
