import {
  accountCurrencyCodes,
  type Country,
  type Currency,
  countries,
  currencies,
} from '@bluepeak/core/reference';

/** The reference lists the web app shows: the server's (operators may change them), else the bundled ones. */
export type MetaLists = {
  currencies: readonly Currency[];
  account_currencies: readonly string[];
  countries: readonly Country[];
};

// The lists as the build bundled them: the first paint, and the answer when GET /meta fails.
export const bundledMeta: MetaLists = {
  currencies,
  account_currencies: accountCurrencyCodes,
  countries,
};

const hasCode = (item: unknown): boolean =>
  typeof item === 'object' && item !== null && typeof (item as { code?: unknown }).code === 'string';

// A list replaces the bundled one only when it has the bundled list's shape (codes as strings,
// or objects with a code); an empty, missing or malformed list keeps the bundled one, so a bad
// answer can never empty a country or currency picker.
function sameShape(server: unknown, bundled: readonly unknown[]): server is readonly unknown[] {
  if (!Array.isArray(server) || server.length === 0) return false;
  const isItem = typeof bundled[0] === 'string' ? (item: unknown) => typeof item === 'string' : hasCode;
  return server.every(isItem);
}

/** GET /meta's `data` over the bundled lists, list by list. */
export function mergeMeta(server: unknown, bundled: MetaLists = bundledMeta): MetaLists {
  if (typeof server !== 'object' || server === null) return bundled;
  const answer = server as Record<string, unknown>;
  const pick = <K extends keyof MetaLists>(key: K): MetaLists[K] =>
    sameShape(answer[key], bundled[key]) ? (answer[key] as MetaLists[K]) : bundled[key];
  return {
    currencies: pick('currencies'),
    account_currencies: pick('account_currencies'),
    countries: pick('countries'),
  };
}
