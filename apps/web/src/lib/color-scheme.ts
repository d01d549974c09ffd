import type { MantineColorSchemeManager } from '@mantine/core';
import { readCookie, removeCookie, writeCookie } from './cookies';

// Spec section 2 (verification layout): the theme is remembered in a cookie; with no cookie
// it follows the system colour scheme ('auto'). A cookie rather than localStorage, as the spec
// says, so a server could render the right theme first.
const COOKIE = 'bp__theme';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      const value = readCookie(COOKIE);
      return value === 'light' || value === 'dark' || value === 'auto' ? value : defaultValue;
    },
    set: (value) => {
      writeCookie(COOKIE, value, ONE_YEAR_SECONDS);
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      removeCookie(COOKIE);
    },
  };
}
