// A prerendered page (the home page, the log-in page) reads and navigates without JavaScript: its
// links are plain hash links. So its first visit downloads only the entry; the app (about 160 KB
// gzip) is fetched at the visitor's first sign of intent: a pointer or key, a touch, a scroll, a
// focus, a followed link (decision 0011). What the visitor does before the app has caught up is
// kept and replayed, in order, once the page has hydrated: a click on a button (the mobile
// menu's burger), a language chosen, text typed into a field, a form sent. Until the last replay
// is done those events are held back from the app, so it never acts on half of them. A form is
// never sent natively: without the app that would put its fields, a password among them, in the
// URL.

const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'click',
  'input',
  'change',
  'submit',
] as const;

/** The events whose effect is replayed, intercepted on the document until the replays are done. */
const HELD_EVENTS = ['click', 'input', 'change', 'submit'] as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Replay = { field?: Field; run: () => void };

export function bootOnIntent(modules: readonly string[], boot: (whenHydrated: () => void) => void): void {
  const queue: Replay[] = [];
  let booted = false;
  let replaying = false;

  const hold = (event: Event) => {
    if (replaying) return;
    const replay = replayFor(event, queue);
    if (!replay) return;
    event.stopPropagation();
    if (event.type === 'submit') event.preventDefault();
    if (replay !== queue.at(-1)) queue.push(replay);
  };
  const release = async () => {
    while (queue.length > 0) {
      const next = queue.shift() as Replay;
      replaying = true;
      try {
        next.run();
      } finally {
        replaying = false;
      }
      // One replay per task, so that React has rendered each before the next (a submit last).
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    for (const name of HELD_EVENTS) document.removeEventListener(name, hold, { capture: true });
  };
  const start = () => {
    if (booted) return;
    booted = true;
    for (const name of INTENT_EVENTS) window.removeEventListener(name, start, { capture: true });
    window.removeEventListener('hashchange', start);
    preload(modules);
    boot(() => void release());
  };
  for (const name of HELD_EVENTS) document.addEventListener(name, hold, { capture: true });
  for (const name of INTENT_EVENTS) window.addEventListener(name, start, { capture: true, passive: true });
  window.addEventListener('hashchange', start);
}

/**
 * What replays an event, or undefined for one that needs no help (a click on a link, a field's
 * blur). Typing into the field whose replay is last in the queue updates that replay's value.
 */
function replayFor(event: Event, queue: Replay[]): Replay | undefined {
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    return { run: () => target.isConnected && target.requestSubmit() };
  }
  if (event.type === 'click') {
    // A submit button's click is replayed as the submit it causes.
    const button = target?.closest('button');
    if (!button || (button.type === 'submit' && button.form)) return undefined;
    return { run: () => button.isConnected && button.click() };
  }
  // (Check boxes and radio buttons are not on the prerendered pages, and not replayed.)
  const typing =
    event.type === 'input' &&
    (target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio'));
  const choosing = event.type === 'change' && target instanceof HTMLSelectElement;
  if (!typing && !choosing) return undefined;
  const field = target as Field;
  const last = queue.at(-1);
  const replay = last?.field === field ? last : { field, run: () => {} };
  const value = field.value;
  replay.run = () => field.isConnected && setValue(field, value);
  return replay;
}

/**
 * Tells React about a value the field got while React was not listening. React kept the field's
 * value on hydration but took it as its starting point, and may since have rendered the field
 * back to its state's value: the value is set through React's tracker to something else first,
 * then natively, so the event carries a change React sees.
 */
function setValue(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  const nativeSetter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  field.value = field instanceof HTMLSelectElement ? '' : `${value}\u0000`;
  nativeSetter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Fetches the page's modules together, rather than as a waterfall of dynamic imports. */
function preload(modules: readonly string[]) {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
