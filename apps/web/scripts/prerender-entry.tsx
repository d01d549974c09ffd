// Renders the public pages that first visits land on to HTML at build time (prerender-plugin.ts
// loads this module through Vite in Node): the home page and the log-in page, in every language.
// The tree is the
// app's own (App, its router, layouts and page), so the markup is exactly what the browser's
// first render produces, and main.tsx can hydrate it.
import { renderToString } from 'react-dom/server';
import { App } from '../src/app/app';
import { router } from '../src/app/router';
import { brand } from '../src/lib/brand';
import { bundledNamespaces, defaultLanguage, i18n } from '../src/lib/i18n';
import { type Locale, localePath, locales, usesLocalePrefix } from '../src/lib/locales';

export type PrerenderedPage = {
  /** The route without a locale prefix (`/login`). */
  route: string;
  /** The route, with its locale's prefix when paths carry one (`/de/login`). */
  path: string;
  /** The page's language (`de-DE`). */
  language: string;
  html: string;
  title: string;
  description: string;
  /** Locale namespaces the page needs beyond the bundled ones, loaded before it hydrates. */
  namespaces: string[];
  /** The namespaces whose files the page fetches (the bundled ones too, in another language). */
  localeFiles: string[];
};

export type Prerender = { pages: PrerenderedPage[]; localeCodes: string[]; usesLocalePrefix: boolean };

/** The pages, each with its own texts (title as usePageTitle writes it). */
const PAGES = [
  {
    route: '/',
    namespaces: [],
    title: ['marketing', 'home.title'],
    description: ['marketing', 'home.description'],
  },
  {
    route: '/login',
    namespaces: ['auth'],
    title: ['auth', 'login.title'],
    description: ['auth', 'login.intro'],
  },
] as const;

async function renderPage(locale: Locale, page: (typeof PAGES)[number]): Promise<PrerenderedPage> {
  const path = localePath(locale, page.route);
  // The language first, so the locale gate finds it loaded and renders the page at once.
  await i18n.changeLanguage(locale.language);
  await i18n.loadNamespaces([...bundledNamespaces, ...page.namespaces]);
  await router.navigate(path);
  const { location, errors } = router.state;
  if (location.pathname !== path || errors) {
    throw new Error(`prerender: ${path} did not render: ${JSON.stringify(errors)}`);
  }
  const html = renderToString(<App />);
  const text = (key: readonly [string, string]) => i18n.getFixedT(locale.language, key[0])(key[1]);
  const bundled = locale.language === defaultLanguage ? [] : bundledNamespaces;
  return {
    route: page.route,
    path,
    language: locale.language,
    html,
    title: `${text(page.title)} | ${brand.trading_name}`,
    description: text(page.description),
    namespaces: [...page.namespaces],
    localeFiles: [...bundled, ...page.namespaces],
  };
}

export async function prerenderPages(): Promise<Prerender> {
  // Mantine's colour-scheme manager reads the theme cookie while rendering; at build time
  // there is none, so it answers with the default ('auto'), as on a first visit.
  const globals = globalThis as { document?: unknown };
  const hadDocument = 'document' in globals;
  if (!hadDocument) globals.document = { cookie: '' };
  try {
    const pages: PrerenderedPage[] = [];
    for (const locale of locales) {
      for (const page of PAGES) pages.push(await renderPage(locale, page));
    }
    await i18n.changeLanguage(defaultLanguage);
    return { pages, localeCodes: locales.map((locale) => locale.code), usesLocalePrefix };
  } finally {
    if (!hadDocument) delete globals.document;
  }
}
