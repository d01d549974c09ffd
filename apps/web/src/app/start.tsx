import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reportUncaughtErrors } from '../lib/error-reporting/report-error';
import { App } from './app';
import { router } from './router';

// The build prerenders the home and log-in pages into index.html (scripts/prerender-plugin.ts),
// and a small script marks the markup `fresh` when the page asked for is one of them. Then the
// app hydrates it once the router has loaded the page's chunk (so the first render matches the
// markup), in a transition, so hydration yields to the browser instead of blocking it. Any
// other page renders from scratch, and so does a prerendered page when the visitor followed a
// link in the markup before the code had booted: hydrating another page over it would not match.
function whenRouterReady(ready: () => void) {
  if (router.state.initialized) return ready();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    ready();
  });
}

function routerShowsPrerenderedPage(): boolean {
  const { location, navigation } = router.state;
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/$/, '') : location.pathname;
  return navigation.state === 'idle' && path === document.documentElement.dataset.prerenderPath;
}

// Hydration yields to the browser, so a visitor may follow a link (the hash changes) after the
// check above and before React has matched the markup. React then drops the markup and renders
// the new page from scratch, which is the right outcome, not an error worth a console line. A
// mismatch while the prerendered page is still the one asked for is a real bug and is logged.
function reportHydrationError(error: unknown) {
  if (!routerShowsPrerenderedPage()) return;
  console.error(error);
}

/** Renders nothing; its effect runs once the tree around it has committed (hydrated). */
function AfterCommit({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}

export function start(root: HTMLElement, prerendered: boolean, whenHydrated?: () => void) {
  reportUncaughtErrors();
  let signalled = false;
  const committed = () => {
    if (signalled || !whenHydrated) return;
    signalled = true;
    whenHydrated();
  };
  const app = (
    <StrictMode>
      <App />
      <AfterCommit run={committed} />
    </StrictMode>
  );
  const render = () => {
    // Stale prerendered markup (hidden by index.html's style until now) makes way for the page.
    root.replaceChildren();
    delete document.documentElement.dataset.prerender;
    createRoot(root).render(app);
  };
  if (!prerendered) return render();
  whenRouterReady(() => {
    if (!routerShowsPrerenderedPage()) return render();
    startTransition(() => void hydrateRoot(root, app, { onRecoverableError: reportHydrationError }));
  });
}
