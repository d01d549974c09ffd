import {
  accountCurrencyCodes,
  activityTypes,
  type Country,
  type Currency,
  clientPersonTypes,
  countries,
  currencies,
  documentTypes,
  identificationDocumentTypes,
} from '@bluepeak/core/reference';

/** An entry of one of GET /meta's onboarding lists: a code the API checks, and a name to show. */
export type MetaListItem = { readonly code: string; readonly name: string };

/** The reference lists the web app shows: the server's (operators may change them), else the bundled ones. */
export type MetaLists = {
  currencies: readonly Currency[];
  account_currencies: readonly string[];
  countries: readonly Country[];
  activity_types: readonly MetaListItem[];
  client_person_types: readonly MetaListItem[];
  document_types: readonly MetaListItem[];
  identification_document_types: readonly MetaListItem[];
};

const LIST_KEYS = [
  'currencies',
  'account_currencies',
  'countries',
  'activity_types',
  'client_person_types',
  'document_types',
  'identification_document_types',
] as const satisfies readonly (keyof MetaLists)[];

// The lists as the build bundled them: the first paint, and the answer when GET /meta fails.
export const bundledMeta: MetaLists = {
  currencies,
  account_currencies: accountCurrencyCodes,
  countries,
  activity_types: activityTypes,
  client_person_types: clientPersonTypes,
  document_types: documentTypes,
  identification_document_types: identificationDocumentTypes,
};

const hasCodeAndName = (item: unknown): boolean =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as { code?: unknown }).code === 'string' &&
  typeof (item as { name?: unknown }).name === 'string';

// A list replaces the bundled one only when it has the bundled list's shape (codes as strings,
// or objects with a code and a name); an empty, missing or malformed list keeps the bundled one, so a bad
// answer can never empty a country or currency picker.
function sameShape(server: unknown, bundled: readonly unknown[]): server is readonly unknown[] {
  if (!Array.isArray(server) || server.length === 0) return false;
  const isItem =
    typeof bundled[0] === 'string' ? (item: unknown) => typeof item === 'string' : hasCodeAndName;
  return server.every(isItem);
}

/** GET /meta's `data` over the bundled lists, list by list. */
export function mergeMeta(server: unknown, bundled: MetaLists = bundledMeta): MetaLists {
  if (typeof server !== 'object' || server === null) return bundled;
  const answer = server as Record<string, unknown>;
  const merged = { ...bundled };
  for (const key of LIST_KEYS) {
    if (sameShape(answer[key], bundled[key])) Object.assign(merged, { [key]: answer[key] });
  }
  return merged;
}
