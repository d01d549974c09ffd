import type { MantineColorSchemeManager } from '@mantine/core';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { readCookie, removeCookie, writeCookie } from './cookies';

// docs/requirements/public-site.md (verification layout): the theme is remembered in a cookie; with no cookie
// it follows the system colour scheme ('auto'). A cookie rather than localStorage, as the
// requirement says, so a server could render the right theme first.
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

// docs/requirements/public-site.md: the dashboard is always light, whatever the visitor chose
// elsewhere. A layout calls useForceColorScheme('light'); the app's MantineProvider reads
// useForcedColorScheme(). The remembered choice is left alone, so it returns when the layout
// unmounts. A layout effect, so the forced scheme applies before the first paint of the layout.
type ForcedScheme = 'light' | 'dark' | undefined;
let forced: ForcedScheme;
const listeners = new Set<() => void>();

function setForced(scheme: ForcedScheme) {
  forced = scheme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useForcedColorScheme(): ForcedScheme {
  // The third argument serves prerendering and hydration (main.tsx): no layout forces a scheme yet.
  return useSyncExternalStore(
    subscribe,
    () => forced,
    () => forced,
  );
}

export function useForceColorScheme(scheme: 'light' | 'dark') {
  useLayoutEffect(() => {
    setForced(scheme);
    return () => setForced(undefined);
  }, [scheme]);
}
