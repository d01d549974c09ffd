import { brand, countryRegion, holdingFeeMinor } from '@bluepeak/core';
import { advisoryTransactionLock } from '../../db/advisory-lock';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { collectOwedFees, recordOwedFee } from '../accounts';
import { dailyClosingBalances } from '../ledger';
import { monthDays, recordMonthlyStatements } from '../statements';
import {
  accountsOpenedBefore,
  type BillableClient,
  billableClients,
  finishRun,
  lastFinishedMonth,
  startRun,
} from './fee-rows';

// The month-end run (docs/requirements/statements.md, docs/decisions/0023): for each month that has
// ended and has not been run, every client who held accounts in it owes the monthly fee of
// their region and each account the holding fee on its average daily balance; the month's
// statements are recorded; owed fees are collected at once where the balance covers them, and
// otherwise when money next arrives. Each client is one transaction, and every fee and
// statement has a unique key of its period, so a run repeated, crashed half-way or started
// late charges each fee exactly once; the month is marked finished only after every client.

export type MonthRun = { month: string; clients: number; feesRecorded: number; statements: number };

/** YYYY-MM of a date (UTC). */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

function nextMonth(month: string): string {
  const { end } = monthDays(month);
  return monthOf(end);
}

/** The months that have ended and are not finished: from after the last finished run (or the last month, on a first run). */
export async function monthsDue(db: Database, now: Date): Promise<string[]> {
  const current = monthOf(now);
  const last = await lastFinishedMonth(db);
  const months: string[] = [];
  let month = last ? nextMonth(last) : monthOf(new Date(monthDays(current).start.getTime() - 86_400_000));
  while (month < current && months.length < 24) {
    months.push(month);
    month = nextMonth(month);
  }
  return months;
}

export async function runMonthEnd(db: Database, now: Date): Promise<MonthRun[]> {
  const runs: MonthRun[] = [];
  for (const month of await monthsDue(db, now)) runs.push(await runMonth(db, month, now));
  return runs;
}

/** One month for every client; safe to call again for the same month. */
export async function runMonth(db: Database, month: string, now: Date): Promise<MonthRun> {
  await startRun(db, month);
  const { end } = monthDays(month);
  const run: MonthRun = { month, clients: 0, feesRecorded: 0, statements: 0 };
  for (const client of await billableClients(db, end)) {
    const done = await withTransaction(db, async (tx) => {
      // Two processes billing the same client wait for each other (docs/decisions/0035); the
      // period's unique keys then make the second a no-op (decision 0023).
      await advisoryTransactionLock(tx, 'month-end', `${month}:${client.id}`);
      return billClient(tx, client, month);
    });
    run.clients++;
    run.feesRecorded += done.fees;
    run.statements += done.statements;
  }
  await finishRun(db, month, now);
  return run;
}

async function billClient(tx: Parameters<typeof collectOwedFees>[0], client: BillableClient, month: string) {
  const region = countryRegion(client.country);
  const { start, end } = monthDays(month);
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  const accounts = await accountsOpenedBefore(tx, client.id, end);
  let fees = 0;
  const monthly = brand.tariff.account.monthly[region];
  if (monthly > 0) {
    const fee = {
      clientId: client.id,
      kind: 'monthly' as const,
      amountMinor: monthly,
      region,
      period: month,
    };
    if (await recordOwedFee(tx, { ...fee, currency: brand.tariff.currency })) fees++;
  }
  for (const account of accounts) {
    const balances = await dailyClosingBalances(tx, account.ledger_account_id, { from: start, days });
    const amountMinor = holdingFeeMinor(balances, brand.tariff.holding_fee_ppm_of_average_balance);
    if (amountMinor <= 0) continue;
    const fee = { clientId: client.id, kind: 'holding' as const, amountMinor, region, period: month };
    if (await recordOwedFee(tx, { ...fee, currency: account.currency })) fees++;
  }
  const statements = await recordMonthlyStatements(tx, client.id, accounts, month);
  await collectOwedFees(tx, client.id);
  return { fees, statements };
}
