import { metaLists } from '@bluepeak/core/reference';

// Our codes (DIRECTOR, CERTIFICATE_OF_INCORPORATION) never reach the screen as they are: every
// code of the reference lists shows by its name, and a code no list knows (one added to the API
// before the web app) in words, so a new code can never show as a raw enum.
const names = new Map<string, string>(
  Object.values(metaLists).flatMap((list) => list.map((item): [string, string] => [item.code, item.name])),
);

/** A code in words: "ULTIMATE_BENEFICIAL_OWNER" as "Ultimate beneficial owner". */
export function codeInWords(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name of a reference list's code, as the metadata names it. */
export function codeName(code: string): string {
  return names.get(code) ?? codeInWords(code);
}

/** Several codes' names, in order, joined for a line of text. */
export function codeNames(codes: readonly string[]): string {
  return codes.map(codeName).join(', ');
}
