// Mantine's base layer; each component's own stylesheet comes with the chunk that uses it
// (vite.config.ts, mantineComponentCss). In development Vite pre-bundles Mantine, so the
// whole sheet is loaded instead.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './components/global.css';
import { bootOnIntent } from './boot-on-intent';
import { adoptPrerenderedPage } from './prerendered-page';

if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/notifications/styles.css');
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A prerendered page (the home page, the log-in page: index.html) is painted by the browser at
// once, and the app's code waits for the visitor's first sign of intent (boot-on-intent.ts). Any
// other page needs the app to show anything, so it starts at once. The code is evaluated in
// three steps, each its own task (React; i18next and the texts; then the app), so that no
// single long task keeps the page from answering input.
const prerendered = adoptPrerenderedPage(root);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
async function boot(whenHydrated?: () => void) {
  await import('react-dom/client');
  await nextTask();
  const { i18n } = await import('./lib/i18n');
  // The page's language and its own texts, so that hydration renders what the markup shows.
  if (prerendered?.language && prerendered.language !== i18n.language) {
    const { loadLanguage } = await import('./lib/load-language');
    await loadLanguage(prerendered.language);
  }
  if (prerendered?.namespaces.length) await i18n.loadNamespaces(prerendered.namespaces);
  await nextTask();
  const { start } = await import('./app/start');
  start(root as HTMLElement, prerendered !== undefined, whenHydrated);
}
if (prerendered) {
  // The public site's session rule (lib/public-session.ts) applies before the app has loaded.
  void import('./lib/public-session').then((session) =>
    session.applyPrerenderedPageSession(prerendered.path),
  );
  bootOnIntent(prerendered.modules, (whenHydrated) => void boot(whenHydrated));
} else {
  void boot();
}
