import { fxReferenceRates } from '@bluepeak/core/fx-rates';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { type EcbDay, EcbFileError, parseEcbFile } from './ecb-file';
import { storeFeedRates } from './fx-rates';

// Where market rates come from (docs/requirements/exchange.md, decision 0021). Every source gives
// days of rates per euro; loading one stores the newest day as the current rates (each with its
// source and the time of its day) and every day in the history. Quotes read the stored rates only,
// so a source that is down never slows a quote: it only lets the rates age until refused.

export type FeedSource = 'reference' | 'ecb_upload' | 'http';

export interface RateSource {
  readonly name: FeedSource;
  load(): Promise<EcbDay[]>;
}

/** The ECB publishes around 16:00 CET; a day's rates count from then. */
const PUBLISHED_AT_UTC = 'T15:00:00Z';

/** The shipped demo table as today's rates. */
export function referenceTableSource(today: string): RateSource {
  const rates = Object.fromEntries(Object.entries(fxReferenceRates).filter(([code]) => code !== 'EUR'));
  return { name: 'reference', load: async () => [{ day: today, rates }] };
}

/** A file an operator uploaded: the ECB's eurofxref XML or CSV (daily, 90 days or history). */
export function ecbUploadSource(content: string): RateSource {
  return { name: 'ecb_upload', load: async () => parseEcbFile(content) };
}

/** The same file from a URL (FX_RATE_URL), fetched with a time limit. */
export function httpRateSource(
  url: string,
  fetchText: (url: string) => Promise<string> = fetchWithTimeout,
): RateSource {
  return { name: 'http', load: async () => parseEcbFile(await fetchText(url)) };
}

async function fetchWithTimeout(url: string): Promise<string> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(10_000),
    headers: { accept: 'application/xml, text/csv' },
  });
  if (!response.ok) throw new EcbFileError(`The rate source answered ${response.status}`);
  return response.text();
}

export type LoadedRates = { source: FeedSource; day: string; currencies: number; days: number };

export async function loadRates(
  db: Database,
  source: RateSource,
  input: { now: Date; actor: Omit<AuditEntry, 'action'> },
): Promise<LoadedRates> {
  let days: EcbDay[];
  try {
    days = await source.load();
  } catch (error) {
    if (!(error instanceof EcbFileError)) throw error;
    throw new AppError('rate_file_invalid', 'The rates could not be read', { detail: error.message });
  }
  const latest = days[days.length - 1];
  if (!latest) throw new AppError('rate_file_invalid', 'The rates could not be read', { detail: 'No rates' });
  const timeOf = (day: string) => {
    const published = new Date(`${day}${PUBLISHED_AT_UTC}`);
    return source.name === 'reference' || published > input.now ? input.now : published;
  };
  return withTransaction(db, async (tx) => {
    let currencies = 0;
    for (const day of days) {
      currencies = await storeFeedRates(tx, {
        rates: day.rates,
        source: source.name,
        day: day.day,
        at: timeOf(day.day),
      });
    }
    await writeAuditEntry(tx, {
      ...input.actor,
      action: 'fx_rates.loaded',
      objectType: 'fx_rate',
      objectId: source.name,
      details: {
        source: source.name,
        day: latest.day,
        days: days.length,
        currencies: Object.keys(latest.rates).length,
      },
    });
    return { source: source.name, day: latest.day, currencies, days: days.length };
  });
}
