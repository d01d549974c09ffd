import { brand, currencyByCode } from '@bluepeak/core';
import { parseStatementDay } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { type EntryCursor, postedBalancesAround, readPostedEntryPage, type StatementEntry } from '../ledger';
import { paymentStatementDetails } from '../payments';

// The one statement reader every format is written from (docs/requirements/statements.md): the
// opening and closing posted balances of the period and its lines, oldest first, read from
// the ledger a page at a time, so a format streams its file while the next page is read and a
// 100,000-line statement is never held in memory. Every running balance is the ledger's own,
// and the reader checks that each line starts where the previous one ended.

const DAY_MS = 86_400_000;
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

export type StatementLine = {
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

export type Statement = { header: StatementHeader; lines: () => AsyncGenerator<StatementLine> };

const DESCRIPTIONS: Record<string, string> = {
  incoming_payment: 'Incoming payment',
  internal_payment: 'Transfer between Bluepeak accounts',
  sepa_payment: 'SEPA payment',
  faster_pay_payment: 'Faster Payments payment',
  swift_payment: 'International payment',
  payment_fee: 'Payment fee',
  fx_leg: 'Currency exchange',
  manual_adjustment: 'Adjustment',
  account_opening_fee: 'Account opening fee',
  account_closing_fee: 'Account closing fee',
  monthly_fee: 'Monthly account fee',
  holding_fee: 'Holding fee',
  reference_letter_fee: 'Reference letter fee',
};

function describe(code: string): string {
  return DESCRIPTIONS[code] ?? code.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/**
 * Reads the period's balances at once and returns its lines as a generator over pages. The
 * period ends at the end of `to` or now, whichever is earlier, so that the closing balance read
 * up front and the lines read later describe the same entries.
 */
export async function openStatement(
  db: Queryable,
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
    exponent: currencyByCode(account.currency)?.exponent ?? 2,
    openingMinor: balances.openingMinor,
    closingMinor: balances.closingMinor,
    generatedAt: period.now,
  };
  return { header, lines: () => readLines(db, header, range) };
}

async function* readLines(
  db: Queryable,
  header: StatementHeader,
  range: { from: Date; to: Date },
): AsyncGenerator<StatementLine> {
  let after: EntryCursor | undefined;
  let balance = header.openingMinor;
  for (;;) {
    const page = await readPostedEntryPage(db, header.ledgerAccountId, {
      ...range,
      after,
      limit: PAGE_ENTRIES,
    });
    const last = page.at(-1);
    if (!last) break;
    const details = await paymentStatementDetails(db, paymentIdsOf(page));
    for (const entry of page) {
      if (entry.balanceBeforeMinor !== balance) {
        throw new Error(`Statement of ${header.accountId} broken at version ${entry.accountVersion}`);
      }
      balance = entry.balanceAfterMinor;
      const payment = entry.referenceType === 'payment' ? details.get(entry.referenceId) : undefined;
      yield lineOf(entry, payment);
    }
    if (page.length < PAGE_ENTRIES) break;
    after = { createdAt: last.createdAt, accountVersion: last.accountVersion };
  }
  if (balance !== header.closingMinor) {
    throw new Error(`Statement of ${header.accountId} ends at ${balance}, not ${header.closingMinor}`);
  }
}

function paymentIdsOf(page: StatementEntry[]): string[] {
  return page.filter((entry) => entry.referenceType === 'payment').map((entry) => entry.referenceId);
}

function lineOf(
  entry: StatementEntry,
  payment: { counterparty: string; description: string; reference: string } | undefined,
): StatementLine {
  const label = describe(entry.code);
  const isFee = entry.code.endsWith('_fee');
  return {
    id: entry.transferId,
    bookedAt: entry.createdAt,
    valueAt: entry.eventAt,
    amountMinor: entry.side === 'credit' ? entry.postedAmountMinor : -entry.postedAmountMinor,
    balanceAfterMinor: entry.balanceAfterMinor,
    code: entry.code,
    isFee,
    description: payment?.description && !isFee ? `${label}: ${payment.description}` : label,
    counterparty: payment && !isFee ? payment.counterparty : isFee ? brand.trading_name : '',
    reference: payment?.reference ?? entry.referenceId,
  };
}
