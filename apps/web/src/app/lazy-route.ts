import type { ComponentType } from 'react';
import { i18n } from '../lib/i18n';

// docs/error-catalogue.md: when a page's code fails to load (usually a deploy replaced the hashed
// files), reload the whole app once; if it fails again within 60 s, show the error page
// instead of reloading in a loop.
const RELOAD_KEY = 'bp__chunk_reload_at';
const MIN_RELOAD_INTERVAL_MS = 60_000;

export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | undefined): boolean {
  return lastReloadAt === undefined || now - lastReloadAt > MIN_RELOAD_INTERVAL_MS;
}

type PageModule = { default: ComponentType };

export function lazyPage(load: () => Promise<PageModule>) {
  return async () => {
    try {
      const module = await load();
      return { Component: module.default };
    } catch (error) {
      const stored = Number(sessionStorage.getItem(RELOAD_KEY));
      const now = Date.now();
      if (shouldReloadAfterChunkError(now, Number.isFinite(stored) && stored > 0 ? stored : undefined)) {
        sessionStorage.setItem(RELOAD_KEY, String(now));
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw new Error(i18n.t('errors.page_load_failed'), { cause: error });
    }
  };
}
