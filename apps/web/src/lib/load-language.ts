import { fetchLocaleFile, i18n } from './i18n';

// English `common` and `marketing` ship in the main bundle (i18n.ts); every other namespace
// and language downloads only when needed. Switching language first fetches, in parallel,
// every namespace the screen is using (the bundled ones and whatever components asked for),
// so the switch never shows keys or suspends half-way.
/** Whether the app already speaks `language`: switching to it would load nothing. */
export function isLanguageLoaded(language: string): boolean {
  return i18n.language === language && i18n.hasResourceBundle(language, 'common');
}

export async function loadLanguage(language: string): Promise<void> {
  const namespaces = new Set<string>([
    ...(i18n.options.ns as readonly string[]),
    ...(i18n.reportNamespaces?.getUsedNamespaces() ?? []),
  ]);
  await Promise.all(
    [...namespaces]
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const resources = await fetchLocaleFile(language, namespace);
        if (resources) i18n.addResourceBundle(language, namespace, resources, true, false);
      }),
  );
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
