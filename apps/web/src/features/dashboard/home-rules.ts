import { convertReceived } from '@bluepeak/core/fees';
import {
  crossRate,
  FX_REFERENCE_RATES_AS_OF,
  fxReferenceRates,
  parseExchangeRate,
} from '@bluepeak/core/fx-rates';

// The home screen's sums, as pure functions so they are tested without a browser: the total of
// every account in one currency the client picks, at the market rates of the day they are of (an
// estimate: a real exchange uses the rate of the moment), and the newest lines across accounts.

type Balance = { balance: number; currency: { code: string } };

/** Units of each currency one euro buys (decimal text) and the day (YYYY-MM-DD) the rate is of. */
export type RateTable = Readonly<Record<string, { ratePerEur: string; asOf: string }>>;

/** The shipped reference table, for when the stored rates cannot be read: dated as shipped. */
export function shippedRateTable(): RateTable {
  return Object.fromEntries(
    Object.entries(fxReferenceRates).map(([code, ratePerEur]) => [
      code,
      { ratePerEur, asOf: FX_REFERENCE_RATES_AS_OF },
    ]),
  );
}

export type HomeTotal = {
  /** Minor units of `currency`; every account it could convert, its own currency as it is. */
  amount: number;
  currency: string;
  /** Whether any account was converted (the total is then an estimate). */
  converted: boolean;
  /** The day of the oldest rate the conversion used (YYYY-MM-DD), when it converted any. */
  ratesOf: string | undefined;
  /** Currencies without a rate: left out of the total, and said so. */
  leftOut: string[];
};

function rateFromEur(rates: RateTable, code: string) {
  if (code === 'EUR') return { rate: parseExchangeRate('EUR', 'EUR', '1'), asOf: undefined };
  const entry = rates[code];
  return entry ? { rate: parseExchangeRate('EUR', code, entry.ratePerEur), asOf: entry.asOf } : undefined;
}

const older = (a: string | undefined, b: string | undefined) => (a && b ? (a < b ? a : b) : (a ?? b));

export function totalIn(accounts: readonly Balance[], currency: string, rates: RateTable): HomeTotal {
  const target = rateFromEur(rates, currency);
  let amount = 0;
  let converted = false;
  let ratesOf: string | undefined;
  const leftOut = new Set<string>();
  for (const account of accounts) {
    const code = account.currency.code;
    if (code === currency) {
      amount += account.balance;
      continue;
    }
    const from = rateFromEur(rates, code);
    if (!from || !target || account.balance === 0) {
      if (account.balance !== 0) leftOut.add(code);
      continue;
    }
    const sign = account.balance < 0 ? -1 : 1;
    amount += sign * convertReceived(Math.abs(account.balance), crossRate(from.rate, target.rate));
    ratesOf = older(older(ratesOf, from.asOf), target.asOf);
    converted = true;
  }
  return { amount, currency, converted, ratesOf, leftOut: [...leftOut] };
}

/** The currency the total is shown in: the client's choice while it still holds it, else EUR or the first. */
export function totalCurrency(held: readonly string[], chosen: string | null | undefined): string {
  if (chosen && held.includes(chosen)) return chosen;
  if (held.includes('EUR')) return 'EUR';
  return held[0] ?? 'EUR';
}

type Line = { id: string; direction: string; event_at: string; created_at: string };

/** The newest `limit` lines of several accounts together, newest first, each with its account. */
export function recentAcross<L extends Line, A>(
  accounts: readonly { account: A; lines: readonly L[] }[],
  limit: number,
): { account: A; line: L }[] {
  return accounts
    .flatMap(({ account, lines }) => lines.map((line) => ({ account, line })))
    .sort(
      (a, b) =>
        b.line.event_at.localeCompare(a.line.event_at) || b.line.created_at.localeCompare(a.line.created_at),
    )
    .slice(0, limit);
}
