// Renders the home page to HTML at build time (prerender-plugin.ts loads this module through
// Vite in Node). The tree is the app's own (App, its router, layouts and page), so the markup
// is exactly what the browser's first render produces, and main.tsx can hydrate it.
import { renderToString } from 'react-dom/server';
import { App } from '../src/app/app';
import { router } from '../src/app/router';
import { brand } from '../src/lib/brand';
import { i18n } from '../src/lib/i18n';
import { defaultLocale, localePath, locales, usesLocalePrefix } from '../src/lib/locales';

export type HomePrerender = {
  html: string;
  title: string;
  description: string;
  path: string;
  localeCodes: string[];
  usesLocalePrefix: boolean;
};

export async function prerenderHome(): Promise<HomePrerender> {
  const path = localePath(defaultLocale, '/');
  // Mantine's colour-scheme manager reads the theme cookie while rendering; at build time
  // there is none, so it answers with the default ('auto'), as on a first visit.
  const globals = globalThis as { document?: unknown };
  const hadDocument = 'document' in globals;
  if (!hadDocument) globals.document = { cookie: '' };
  try {
    await router.navigate(path);
    const { location, errors } = router.state;
    if (location.pathname !== path || errors) {
      throw new Error(`prerender: ${path} did not render: ${JSON.stringify(errors)}`);
    }
    const html = renderToString(<App />);
    // As usePageTitle sets them in the browser.
    const t = i18n.getFixedT(defaultLocale.language, 'marketing');
    return {
      html,
      title: `${t('home.title')} | ${brand.trading_name}`,
      description: t('home.description'),
      path,
      localeCodes: locales.map((locale) => locale.code),
      usesLocalePrefix,
    };
  } finally {
    if (!hadDocument) delete globals.document;
  }
}
