import {
  formatExchangeRate,
  fxReferenceRates,
  parseExchangeRate,
  rateDecimals,
} from '@bluepeak/core/fx-rates';

// The demo's own rates of a day (decision 0049): the shipped reference table, each rate moved by
// a small wobble that depends only on the currency and the day. The same day always gives the
// same rates, so a demo seeded twice draws the same chart, and a day recorded late is the day it
// would have been; no random number generator and no float ever touch the rate itself.

const DAY_MS = 86_400_000;
/** One day's draw lies within ±1.2% of the reference rate. */
const SPAN_PPM = 12_000;
/** A rate is the mean of the last week's draws, so it drifts from day to day instead of jumping. */
const SMOOTHING_DAYS = 7;

/** A draw in [-SPAN_PPM, SPAN_PPM] from the currency and the day: FNV-1a, then murmur3's finaliser. */
function draw(currency: string, dayNumber: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${currency}:${dayNumber}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return ((hash >>> 0) % (2 * SPAN_PPM + 1)) - SPAN_PPM;
}

/** How far, in millionths, the demo rate of `currency` on `day` (YYYY-MM-DD) lies from the reference. */
export function demoWobblePpm(currency: string, day: string): number {
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  let sum = 0;
  for (let back = 0; back < SMOOTHING_DAYS; back++) sum += draw(currency, dayNumber - back);
  return Math.round(sum / SMOOTHING_DAYS);
}

/**
 * Every reference currency's demo rate per euro on `day`, as decimal text of five significant
 * digits or more; the euro's own row stays 1, dated like the others.
 */
export function demoRatesOf(day: string): Record<string, string> {
  const rates: Record<string, string> = {};
  for (const [code, text] of Object.entries(fxReferenceRates)) {
    if (code === 'EUR') {
      rates[code] = text;
      continue;
    }
    const reference = parseExchangeRate('EUR', code, text);
    const moved = {
      ...reference,
      numerator: reference.numerator * BigInt(1_000_000 + demoWobblePpm(code, day)),
      denominator: reference.denominator * 1_000_000n,
    };
    rates[code] = formatExchangeRate(moved, rateDecimals(moved));
  }
  return rates;
}

/** The UTC day of a time, as the rate tables key it. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function daysBefore(at: Date, days: number): Date {
  return new Date(at.getTime() - days * DAY_MS);
}
