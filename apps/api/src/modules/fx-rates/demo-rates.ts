import type { Queryable } from '../../db/database';
import { daysBefore, demoRatesOf, utcDay } from './demo-rate-wobble';
import { recordRateHistory } from './fx-rate-history-rows';
import { moveReferenceFxRates } from './fx-rate-rows';
import { ensureFxRates } from './fx-rates';

// The demo's own rate source (decision 0049): the demo seed and, while a demo server runs, the
// demo-rates job keep the shipped table current. They stay `reference` rates, configuration that
// does not age (decision 0021), so a demo quotes however long it was stopped; but they are dated
// the day they are of, and the chart has a daily history to draw.

/** The days of history before today that a day's move fills in: the chart's 30 days. */
export const DEMO_HISTORY_DAYS = 30;

/**
 * Moves every currency still on the shipped table to its demo rate of `now`'s day, and records the
 * demo rates of the 30 days before it in the history (a day a feed or an operator already has
 * keeps theirs). Nothing happens on a day already moved. Returns how many currencies moved.
 */
export async function keepDemoRatesCurrent(tx: Queryable, now: Date): Promise<number> {
  await ensureFxRates(tx);
  const today = utcDay(now);
  const rates = demoRatesOf(today);
  const codes = Object.keys(rates);
  const moved = (
    await moveReferenceFxRates(tx, {
      codes,
      rates: codes.map((code) => rates[code] ?? ''),
      day: today,
      at: now,
    })
  ).map((row) => row.currency);
  if (moved.length === 0) return 0;
  const history = [];
  for (let back = DEMO_HISTORY_DAYS; back >= 0; back--) {
    const at = daysBefore(now, back);
    const ofDay = back === 0 ? rates : demoRatesOf(utcDay(at));
    for (const currency of moved) {
      history.push({ currency, ratePerEur: ofDay[currency] ?? '', source: 'reference', at });
    }
  }
  await recordRateHistory(tx, history);
  return moved.length;
}
