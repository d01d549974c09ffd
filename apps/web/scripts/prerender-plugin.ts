import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { Prerender, PrerenderedPage } from './prerender-entry';
import { gateScript } from './prerender-gate';

// The pages first visits land on (the home page and the log-in page, in every language), rendered
// at build time into dist/index.html, so the first paint (and Lighthouse's LCP) does not wait for the JavaScript;
// main.tsx then hydrates the one asked for, on the visitor's first intent (boot-on-intent.ts).
//
// One index.html serves every hash route, so a blocking script of a few hundred bytes runs
// before the markup is parsed: it resolves `#/` to the visitor's language as the router would
// (cookie, then browser languages), sets the colour scheme as Mantine would, and names the
// prerendered page asked for, or marks the markup stale when there is none; the inline style
// shows only that page's markup, and main.tsx renders any other page from scratch.
// (The Content-Security-Policy allows scripts from 'self' only, hence a file, not inline.)
// Each page's modules (the app's start module, the page and its texts) are listed in the HTML
// for the moment the app boots, and their styles are inlined.
const START_MODULE = /[\\/]src[\\/]app[\\/]start\.tsx$/;
const PAGE_MODULES: Record<string, RegExp> = {
  '/': /[\\/]src[\\/]features[\\/]marketing[\\/]home-page\.tsx$/,
  '/login': /[\\/]src[\\/]features[\\/]auth[\\/]login-page\.tsx$/,
};
const localeModule = (language: string, namespace: string) =>
  new RegExp(`[\\\\/]locales[\\\\/]${language}[\\\\/]${namespace}\\.json$`);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type ChunkInfo = { imports: string[]; css: string[]; facade: string | null; modules: string[] };
type PageAssets = { scripts: string[]; styles: string[] };

// Modules the public pages' first load must not contain: other features, the back office,
// the zod validator (forms load it with their own chunk).
const NOT_PUBLIC =
  /[\\/](src[\\/]features[\\/](?!marketing[\\/])|src[\\/]backoffice[\\/]|node_modules[\\/]zod[\\/])/;

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

// Every stylesheet the prerendered pages need (the entry's and their chunks'), inlined into one
// <style> where the first of them was linked: the first paint then waits for the HTML alone,
// not for ten render-blocking requests. The links stay, as media="print" (fetched late, never
// blocking), so Vite's loader, which skips stylesheets already linked, does not fetch them
// again when a page's chunk loads.
async function inlineStylesheets(html: string, pageStyles: string[], outDir: string) {
  const linked = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  const files = [...new Set([...linked, ...pageStyles])];
  const sheets = await Promise.all(files.map((file) => readFile(join(outDir, file), 'utf8')));
  // A sheet with url() references stays a normal link: its paths are relative to assets/.
  const inline = files.filter((_, index) => !sheets[index]?.includes('url('));
  const css = files
    .map((file, index) => (inline.includes(file) ? sheets[index] : ''))
    .join('\n')
    .replace(/<\/style/gi, '<\\/style');
  let first = true;
  const withoutLinks = html.replace(STYLESHEET_LINK, (link, file: string) => {
    if (!inline.includes(file)) return link;
    const placeholder = `<link rel="stylesheet" crossorigin href="/${file}" media="print">`;
    if (!first) return placeholder;
    first = false;
    return `<style data-critical>${css}</style>\n    ${placeholder}`;
  });
  const extra = pageStyles
    .filter((file) => !linked.includes(file))
    .map((file) =>
      inline.includes(file)
        ? `<link rel="stylesheet" crossorigin href="/${file}" media="print">`
        : `<link rel="stylesheet" crossorigin href="/${file}">`,
    );
  return { html: withoutLinks.replace(/<\/head>/, () => `  ${extra.join('\n    ')}\n  </head>`) };
}

/** A page's chunks (those `roots` import, transitively) and their stylesheets. */
function collectAssets(chunks: Map<string, ChunkInfo>, roots: RegExp[]): PageAssets {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const css of chunk.css) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const pattern of roots) {
    const found = [...chunks].find(([, chunk]) => chunk.facade && pattern.test(chunk.facade));
    if (!found) throw new Error(`prerender: no chunk for ${pattern}`);
    visit(found[0]);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  const chunks = new Map<string, ChunkInfo>();
  return {
    name: 'bluepeak:prerender-public-pages',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    // What each page needs is known once the bundle is written; the pages render afterwards.
    writeBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        chunks.set(file.fileName, {
          imports: file.imports,
          css: [...(file.viteMetadata?.importedCss ?? [])],
          facade: file.facadeModuleId,
          modules: file.moduleIds,
        });
      }
      // docs/requirements/public-site.md: no dashboard code on the home page. Say so when a static
      // import drags some in.
      const home = collectAssets(chunks, [START_MODULE, PAGE_MODULES['/'] as RegExp]);
      const leaks = home.scripts.flatMap((fileName) =>
        (chunks.get(fileName)?.modules ?? []).filter((id) => NOT_PUBLIC.test(id)),
      );
      const names = new Set(
        leaks.map((id) =>
          id.replace(/.*[\\/]node_modules[\\/](zod)[\\/].*/, '$1').replace(/.*[\\/]src[\\/]/, 'src/'),
        ),
      );
      if (names.size > 0) {
        this.warn(`the home page loads code of other pages (import it lazily): ${[...names].join(', ')}`);
      }
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const server = await createServer({
        configFile: false,
        root: config.root,
        mode: config.mode,
        envDir: config.envDir,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        // Bundled rather than external, so the router module's import can be redirected below.
        ssr: { noExternal: ['react-router'] },
        plugins: [
          react(),
          {
            name: 'bluepeak:prerender-router',
            enforce: 'pre',
            async resolveId(source, importer) {
              if (
                source === 'react-router' &&
                importer &&
                /[\\/]src[\\/]app[\\/]router\.tsx$/.test(importer)
              ) {
                return join(config.root, 'scripts', 'hash-router-for-prerender.ts');
              }
              return null;
            },
          },
        ],
      });
      try {
        const entry = (await server.ssrLoadModule(join(config.root, 'scripts', 'prerender-entry.tsx'))) as {
          prerenderPages: () => Promise<Prerender>;
        };
        const prerender = await entry.prerenderPages();
        await writePages(outDir, prerender, chunks);
      } finally {
        await server.close();
      }
    },
  };
}

/** The HTML of one prerendered page, and the resource hints React hoisted to its start. */
function splitHints(page: PrerenderedPage) {
  // React hoists resource hints (the logo's image preload) to the start of its output; they
  // belong in <head>, not among the nodes React hydrates.
  const hints: string[] = [];
  const body = page.html.replace(/^(?:<link [^>]*\/?>)+/, (links) => {
    hints.push(...(links.match(/<link [^>]*\/?>/g) ?? []));
    return '';
  });
  return { body, hints };
}

async function writePages(outDir: string, prerender: Prerender, chunks: Map<string, ChunkInfo>) {
  const gate = gateScript(prerender);
  const gateFile = `assets/prerender-gate-${createHash('sha256').update(gate).digest('hex').slice(0, 8)}.js`;
  await writeFile(join(outDir, gateFile), gate);

  const indexPath = join(outDir, 'index.html');
  let html = await readFile(indexPath, 'utf8');
  const pages = prerender.pages.map((page) => {
    const pattern = PAGE_MODULES[page.route];
    if (!pattern) throw new Error(`prerender: no page module listed for ${page.route}`);
    const texts = page.localeFiles.map((namespace) => localeModule(page.language, namespace));
    const assets = collectAssets(chunks, [START_MODULE, pattern, ...texts]);
    return { page, assets, ...splitHints(page) };
  });
  const [home, ...others] = pages;
  if (home?.page.route !== '/') throw new Error('prerender: the home page comes first');
  html = (await inlineStylesheets(html, [...new Set(pages.flatMap((p) => p.assets.styles))], outDir)).html;
  const entryScripts = html;
  const head = [
    // Only the page asked for is shown; on any other route all of them wait hidden for main.tsx.
    [
      '<style>html[data-prerender="stale"] #root { display: none; }',
      ...pages.map(
        ({ page }) =>
          `html:not([data-prerender-path="${page.path}"]) [data-prerendered="${page.path}"] { display: none; }`,
      ),
      '</style>',
    ].join(' '),
    ...new Set(pages.flatMap((p) => p.hints)),
    // Per page: its texts for the tab and the snippet, and the modules fetched when the app
    // boots (src/boot-on-intent.ts), all at once rather than as a waterfall of dynamic imports.
    ...pages.map(
      ({ page, assets }) =>
        `<meta name="bluepeak:page" data-path="${page.path}" data-language="${page.language}" ` +
        `data-title="${escapeHtml(page.title)}" ` +
        `data-description="${escapeHtml(page.description)}" data-namespaces="${page.namespaces.join(' ')}" ` +
        `data-modules="${assets.scripts
          .filter((file) => !entryScripts.includes(`/${file}"`))
          .map((file) => `/${file}`)
          .join(' ')}">`,
    ),
  ];
  const replace = (pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: ${pattern} not found in index.html`);
    html = html.replace(pattern, () => replacement);
  };
  replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(home.page.title)}</title>`);
  replace(
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(home.page.description)}" />`,
  );
  replace(/<\/head>/, `  ${head.join('\n    ')}\n  </head>`);
  // First in <head>, so it is the first request after the HTML and never waits in the queue
  // behind other requests: the first paint waits for it.
  replace(/<meta charset="UTF-8" \/>/, `<meta charset="UTF-8" />\n    <script src="/${gateFile}"></script>`);
  replace(
    /<div id="root"><\/div>/,
    [
      `<div id="root" data-prerendered="${home.page.path}">${home.body}</div>`,
      ...others.map(({ page, body }) => `<div data-prerendered="${page.path}">${body}</div>`),
    ].join('\n    '),
  );
  await writeFile(indexPath, html);
}
