import { useCallback } from 'react';
import { useParams } from 'react-router';
import { defaultLocale, type Locale, localeByCode, localePath } from './locales';

/** The locale of the page being shown: from the path's prefix, or the default without one. */
export function useLocale(): Locale {
  const { locale } = useParams();
  return localeByCode(locale) ?? defaultLocale;
}

/** Builds links that stay in the current language. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}
