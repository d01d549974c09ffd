import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en-GB/common.json';
import marketing from '../locales/en-GB/marketing.json';

// All user-visible text comes from the locale files, so a second language is a new folder.
// Only what the public site's first paint needs ships in the main bundle (English `common` and
// `marketing`). Every other file in `locales/<language>/<namespace>.json` (dashboard, auth,
// onboarding, ... and every other language) is its own small chunk, fetched the first time a
// component asks for the namespace with useTranslation('…') (which suspends until then) or
// when the language is switched (load-language.ts). A new namespace needs no code here.
export const defaultLanguage = 'en-GB';
export const bundledNamespaces = ['common', 'marketing'] as const;

const localeFiles = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

/** Fetches one locale file; resolves to undefined for a namespace the language does not have. */
export async function fetchLocaleFile(language: string, namespace: string): Promise<ResourceKey | undefined> {
  const load = localeFiles[`../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : undefined;
}

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    fetchLocaleFile(language, namespace).then(
      (resources) => callback(null, resources ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18n
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    resources: { [defaultLanguage]: { common, marketing } },
    partialBundledLanguages: true,
    // Synchronous init: the bundled English is usable in the very first render (hydration).
    initAsync: false,
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    load: 'currentOnly',
    defaultNS: 'common',
    ns: [...bundledNamespaces],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export { i18n };
