// Mantine's base layer; each component's own stylesheet comes with the chunk that uses it
// (vite.config.ts, mantineComponentCss). In development Vite pre-bundles Mantine, so the
// whole sheet is loaded instead.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { bootOnIntent } from './boot-on-intent';

if (import.meta.env.DEV) {
  void import('@mantine/core/styles.css');
  void import('@mantine/notifications/styles.css');
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// With the prerendered home page (index.html, marked `fresh`), the browser paints it at once
// and the app's code waits for the visitor's first sign of intent (boot-on-intent.ts). Any other
// page needs the app to show anything, so it starts at once. The code is evaluated in three
// steps, each its own task (React; i18next and the locale texts; then the app), so that no
// single long task keeps the page from answering input.
const html = document.documentElement;
const prerendered = html.dataset.prerender === 'fresh' && root.firstChild !== null;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
async function boot(whenHydrated?: () => void) {
  await import('react-dom/client');
  await nextTask();
  await import('./lib/i18n');
  await nextTask();
  const { start } = await import('./app/start');
  start(root as HTMLElement, prerendered, whenHydrated);
}
if (prerendered) {
  bootOnIntent((whenHydrated) => void boot(whenHydrated));
} else {
  void boot();
}
