import { maxBatchTotalMinor } from '@bluepeak/core/fees';
import { formatMoney } from '@bluepeak/core/money';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { checkAmountAndCurrency, quotePayment } from '../payments';
import type { PricedRow } from './batch-rows';
import type { CheckedRow } from './check-rows';

// Each valid row priced with the payments tariff (fee per row; for a row in another currency
// than the account, the debit at the client rate: market + markup). A file of 10,000 rows names
// a handful of currencies, so the rate look-ups are remembered for the length of one pricing.
function rememberingReads(db: Queryable): Queryable {
  const seen = new Map<string, Promise<unknown[]>>();
  return {
    query: <Row extends object>(sql: string, params?: readonly unknown[]) => {
      const key = `${sql}\u0000${JSON.stringify(params ?? [])}`;
      let answer = seen.get(key);
      if (!answer) {
        answer = db.query(sql, params);
        seen.set(key, answer);
      }
      return answer as Promise<Row[]>;
    },
    exec: (sql: string) => db.exec(sql),
  };
}

/**
 * What a batch carries per currency: its rows' amounts in theirs, and its debits with their fees
 * in the account's. Each row is within its currency's maximum; the totals are kept within the
 * batch's (docs/requirements/batch-payments.md "Limits"), so no sum of a batch passes 2^53.
 */
export type BatchTotals = { rows: Map<string, bigint>; debits: bigint };

const add = (totals: Map<string, bigint>, currency: string, amount: number) =>
  totals.set(currency, (totals.get(currency) ?? 0n) + BigInt(amount));

/** The row's refusal when it would take one of the batch's totals past its maximum; else it is counted. */
function countInto(totals: BatchTotals, row: PricedRow, accountCurrency: string) {
  const currency = row.currency as string;
  const rows = (totals.rows.get(currency) ?? 0n) + BigInt(row.amount ?? 0);
  const debits = totals.debits + BigInt((row.debitAmount ?? 0) + (row.fee ?? 0));
  const over =
    rows > BigInt(maxBatchTotalMinor(currency))
      ? currency
      : debits > BigInt(maxBatchTotalMinor(accountCurrency))
        ? accountCurrency
        : null;
  if (over) {
    const most = formatMoney(maxBatchTotalMinor(over), over);
    return {
      field: 'amount',
      message: `One batch carries at most ${most}: send these payments in another batch`,
    };
  }
  add(totals.rows, currency, row.amount ?? 0);
  totals.debits = debits;
  return null;
}

export async function priceRows(
  db: Queryable,
  rows: CheckedRow[],
  accountCurrency: string,
  totals: BatchTotals = { rows: new Map(), debits: 0n },
): Promise<PricedRow[]> {
  const reads = rememberingReads(db);
  const priced: PricedRow[] = [];
  for (const row of rows) {
    const none = { debitAmount: null, fee: null, rate: null, marketRate: null };
    if (row.errors.length > 0 || !row.type || row.amount === null || row.currency === null) {
      priced.push({ ...row, ...none });
      continue;
    }
    try {
      const input = { type: row.type, amount: row.amount, currency: row.currency, accountCurrency };
      checkAmountAndCurrency(input);
      const quote = await quotePayment(reads, { ...input, highRisk: row.highRisk });
      const past = countInto(totals, { ...row, ...quote }, accountCurrency);
      priced.push(past ? { ...row, ...none, errors: [...row.errors, past] } : { ...row, ...quote });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A refusal that names its field says the most about it (the maximum of an amount).
      const named = error.extra.errors?.[0];
      const field = named?.field ?? (error.code.startsWith('amount') ? 'amount' : 'currency');
      priced.push({
        ...row,
        ...none,
        errors: [...row.errors, { field, message: named?.message ?? error.message }],
      });
    }
  }
  return priced;
}
