import { convertReceived } from '@bluepeak/core/fees';
import { crossRate, fxReferenceRates, parseExchangeRate } from '@bluepeak/core/fx-rates';

// The home screen's sums, as pure functions so they are tested without a browser: the total of
// every account in one currency the client picks, at the reference rates (an estimate: a real
// exchange uses the rate of the moment), and the newest lines across accounts.

type Balance = { balance: number; currency: { code: string } };

export type HomeTotal = {
  /** Minor units of `currency`; every account it could convert, its own currency as it is. */
  amount: number;
  currency: string;
  /** Whether any account was converted (the total is then an estimate). */
  converted: boolean;
  /** Currencies without a reference rate: left out of the total, and said so. */
  leftOut: string[];
};

function rateFromEur(code: string) {
  const text = fxReferenceRates[code];
  return text ? parseExchangeRate('EUR', code, text) : undefined;
}

export function totalIn(accounts: readonly Balance[], currency: string): HomeTotal {
  const target = rateFromEur(currency);
  let amount = 0;
  let converted = false;
  const leftOut = new Set<string>();
  for (const account of accounts) {
    const code = account.currency.code;
    if (code === currency) {
      amount += account.balance;
      continue;
    }
    const from = rateFromEur(code);
    if (!from || !target || account.balance === 0) {
      if (account.balance !== 0) leftOut.add(code);
      continue;
    }
    const sign = account.balance < 0 ? -1 : 1;
    amount += sign * convertReceived(Math.abs(account.balance), crossRate(from, target));
    converted = true;
  }
  return { amount, currency, converted, leftOut: [...leftOut] };
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
