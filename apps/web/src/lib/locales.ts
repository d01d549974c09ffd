import { readCookie, writeCookie } from './cookies';

// The two readings of docs/requirements/public-site.md ("Languages"): one language and no prefix, or
// several languages with a locale prefix in the path (#/de/faq), browser-language detection on the
// first visit and the choice kept in a cookie for 365 days. VITE_LOCALES picks the reading at build
// time.
export type Locale = { code: string; language: string; label: string };

const ALL_LOCALES: Locale[] = [
  { code: 'en', language: 'en-GB', label: 'English' },
  { code: 'de', language: 'de-DE', label: 'Deutsch' },
];

const configured = (import.meta.env.VITE_LOCALES ?? 'en,de').split(',').map((code: string) => code.trim());
export const locales: Locale[] = ALL_LOCALES.filter((locale) => configured.includes(locale.code));
export const defaultLocale: Locale = locales[0] ?? (ALL_LOCALES[0] as Locale);
export const usesLocalePrefix = locales.length > 1;

export const LOCALE_COOKIE = 'bp__locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function localeByCode(code: string | undefined): Locale | undefined {
  return locales.find((locale) => locale.code === code);
}

/** The cookie's choice first, then the browser's languages in order, then the default. */
export function detectLocale(cookie: string | undefined, browserLanguages: readonly string[]): Locale {
  const chosen = localeByCode(cookie);
  if (chosen) return chosen;
  for (const language of browserLanguages) {
    const match = localeByCode(language.toLowerCase().split('-')[0]);
    if (match) return match;
  }
  return defaultLocale;
}

export function currentDetectedLocale(): Locale {
  return detectLocale(readCookie(LOCALE_COOKIE), navigator.languages ?? [navigator.language]);
}

export function rememberLocale(locale: Locale) {
  writeCookie(LOCALE_COOKIE, locale.code, ONE_YEAR_SECONDS);
}

/** `/faq` in the given locale: `/de/faq` with prefixes, `/faq` without. */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (!usesLocalePrefix) return clean;
  return clean === '/' ? `/${locale.code}` : `/${locale.code}${clean}`;
}
