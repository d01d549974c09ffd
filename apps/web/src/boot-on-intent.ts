// The prerendered home page reads and navigates without JavaScript: its links are plain hash
// links. So its first visit downloads only this entry; the app (about 160 KB gzip) is fetched
// at the visitor's first sign of intent: a pointer or key, a touch, a scroll, a focus, a
// followed link (decision 0011). Two controls need the app to act, the mobile menu's burger and
// the language select: a click or choice made on them before the app is ready is replayed once
// the page has hydrated, so nothing the visitor did is lost.

const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'click',
  'change',
] as const;

type Replay = () => void;

export function bootOnIntent(boot: (whenHydrated: () => void) => void): void {
  const replays: Replay[] = [];
  let booted = false;
  // The user's actions on controls before hydration, replayed in order afterwards.
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'click') {
      const button = target?.closest('button');
      if (button) replays.push(() => button.isConnected && button.click());
    } else if (event.type === 'change' && target instanceof HTMLSelectElement) {
      const { value } = target;
      replays.push(() => {
        if (!target.isConnected) return;
        target.value = value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      });
    }
  };
  const start = () => {
    if (booted) return;
    booted = true;
    for (const name of INTENT_EVENTS) window.removeEventListener(name, start, { capture: true });
    window.removeEventListener('hashchange', start);
    preloadAppModules();
    boot(() => {
      document.removeEventListener('click', remember, { capture: true });
      document.removeEventListener('change', remember, { capture: true });
      for (const replay of replays.splice(0)) replay();
    });
  };
  document.addEventListener('click', remember, { capture: true });
  document.addEventListener('change', remember, { capture: true });
  for (const name of INTENT_EVENTS) window.addEventListener(name, start, { capture: true, passive: true });
  window.addEventListener('hashchange', start);
}

// The prerender lists the chunks the home page hydrates with (prerender-plugin.ts); fetching
// them together at boot avoids a waterfall of dynamic imports.
function preloadAppModules() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="bluepeak:boot-modules"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
