// The pages prerendered into index.html (scripts/prerender-plugin.ts): each in its own container,
// and the gate script names the one the visitor asked for (`data-prerender-path`). Before
// anything hydrates, that page's markup moves into #root, where the app lives, and the others
// go; its title and description, and what the app needs to hydrate it, come from its meta tag.

export type PrerenderedPage = { path: string; language?: string; namespaces: string[]; modules: string[] };

const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);

/** Puts the page asked for into `root`; returns it, or undefined when no markup fits. */
export function adoptPrerenderedPage(root: HTMLElement): PrerenderedPage | undefined {
  const html = document.documentElement;
  const path = html.dataset.prerender === 'fresh' ? html.dataset.prerenderPath : undefined;
  const containers = [...document.querySelectorAll<HTMLElement>('[data-prerendered]')];
  const source = containers.find((container) => container.dataset.prerendered === path);
  if (source && source !== root) root.replaceChildren(...source.childNodes);
  for (const container of containers) if (container !== root) container.remove();
  root.removeAttribute('data-prerendered');
  if (!path || !source || root.firstChild === null) return undefined;

  const meta = [...document.querySelectorAll<HTMLMetaElement>('meta[name="bluepeak:page"]')].find(
    (tag) => tag.dataset.path === path,
  );
  if (meta?.dataset.title) document.title = meta.dataset.title;
  if (meta?.dataset.description) {
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.dataset.description);
  }
  return {
    path,
    language: meta?.dataset.language,
    namespaces: words(meta?.dataset.namespaces),
    modules: words(meta?.dataset.modules),
  };
}
