import { describe, expect, it } from 'vitest';
import { detectLocale, localePath, locales } from './locales';

describe('locales', () => {
  it('offers English and German by default', () => {
    expect(locales.map((locale) => locale.code)).toEqual(['en', 'de']);
  });

  it('prefers the cookie, then the browser languages, then English', () => {
    expect(detectLocale('de', ['en-GB']).code).toBe('de');
    expect(detectLocale(undefined, ['fr-FR', 'de-AT', 'en']).code).toBe('de');
    expect(detectLocale('xx', ['fr-FR']).code).toBe('en');
  });

  it('prefixes paths with the locale', () => {
    const [english, german] = locales;
    if (!english || !german) throw new Error('locales missing');
    expect(localePath(german, '/faq')).toBe('/de/faq');
    expect(localePath(english, '/')).toBe('/en');
  });
});
