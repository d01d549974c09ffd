import { z } from 'zod';
import { type Currency, currencyRows } from './currency-data';

export type { Currency } from './currency-data';

// Frozen because the list is shared by every request and every component: a caller that sorts
// or edits it in place would change it for all the others.
export const currencies: readonly Currency[] = Object.freeze(
  currencyRows.map((currency) => Object.freeze({ ...currency })),
);

const currenciesByCode: ReadonlyMap<string, Currency> = new Map(
  currencies.map((currency) => [currency.code, currency]),
);

/** Looks a currency up by its exact ISO code; 'eur' is not 'EUR', as in a payment message. */
export function currencyByCode(code: string): Currency | undefined {
  return currenciesByCode.get(code);
}

export function isCurrencyCode(code: string): boolean {
  return currenciesByCode.has(code);
}

/**
 * The ISO minor units of `code` (JPY 0, EUR 2, BHD 3). Throws on a code not in the table: a
 * guessed exponent would move an amount a hundredfold in a payment message or a statement.
 */
export function currencyExponent(code: string): number {
  const currency = currenciesByCode.get(code);
  if (!currency) throw new RangeError(`Unknown currency: ${JSON.stringify(code)}`);
  return currency.exponent;
}

// The shape is checked first and aborts, so 'eur' gets one message about the format rather
// than two; a well-formed code we do not know (ABC) is 'Unknown currency'.
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'Currency code must be 3 capital letters', abort: true })
  .refine(isCurrencyCode, { error: 'Unknown currency' });

// docs/requirements/public-site.md (multi-currency accounts): the currencies a client can open an account in.
// Every other currency is only a payment or exchange counter-currency. BGN is not offered:
// Bulgaria adopted the euro on 1 January 2026.
export const accountCurrencyCodes = [
  // The batch-payment offer (docs/requirements/exchange.md): 40 currencies, each with a reference
  // rate in fx-rates/fx-reference-rates.ts, so every pair can be exchanged.
  'EUR',
  'GBP',
  'USD',
  'CHF',
  'PLN',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'RON',
  'CAD',
  'AUD',
  'JPY',
  'NZD',
  'SGD',
  'HKD',
  'CNY',
  'ILS',
  'ISK',
  'TRY',
  'ZAR',
  'MXN',
  'INR',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'THB',
  'MYR',
  'IDR',
  'PHP',
  'KRW',
  'GEL',
  'RSD',
  'KES',
  'MAD',
  'BRL',
] as const;

export type AccountCurrencyCode = (typeof accountCurrencyCodes)[number];

export const accountCurrencyCodeSchema = z.enum(accountCurrencyCodes, {
  error: 'Accounts are not offered in this currency',
});

export const accountCurrencies: readonly Currency[] = Object.freeze(
  accountCurrencyCodes.map((code) => {
    const currency = currencyByCode(code);
    // A code missing from the ISO table is a typo in this file: fail at start, not at payment time.
    if (!currency) throw new Error(`Account currency ${code} is not in the ISO 4217 table`);
    return currency;
  }),
);
