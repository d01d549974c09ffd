import { i18n } from './i18n';

// English ships in the main bundle; other languages download only when chosen.
const loaders: Record<string, () => Promise<{ common: object; marketing: object }>> = {
  'de-DE': async () => {
    const [common, marketing] = await Promise.all([
      import('../locales/de-DE/common.json'),
      import('../locales/de-DE/marketing.json'),
    ]);
    return { common: common.default, marketing: marketing.default };
  },
};

export async function loadLanguage(language: string): Promise<void> {
  const load = loaders[language];
  if (load && !i18n.hasResourceBundle(language, 'common')) {
    const bundles = await load();
    i18n.addResourceBundle(language, 'common', bundles.common);
    i18n.addResourceBundle(language, 'marketing', bundles.marketing);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
